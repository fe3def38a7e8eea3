import { Command } from '@nestjs/cqrs';
import type { AdminNotificationItem } from '@savings/contracts';

/** Marks one notification read (operator state, not money: no ledger event). 404 when unknown. */
export class MarkNotificationReadCommand extends Command<AdminNotificationItem> {
  constructor(readonly notificationId: number) {
    super();
  }
}

/** Marks every unread notification read; returns how many changed. */
export class MarkAllNotificationsReadCommand extends Command<{ marked: number }> {}
