import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminNotificationItem, AdminNotificationsResponse, NotificationType } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { SQL } from '../platform/tokens';
import { MarkAllNotificationsReadCommand, MarkNotificationReadCommand } from './admin.commands';
import { ListAdminNotificationsQuery } from './admin.queries';

/** Without a limit the newest 100 are listed; the unread count always covers all. */
const DEFAULT_LIMIT = 100;

interface NotificationRow {
  id: string;
  type: NotificationType;
  message: string;
  user_id: string;
  related_id: string;
  is_read: boolean;
  created_at: Date;
}

const COLUMNS = 'n.id::text, n.type, n.message, n.user_id::text, n.related_id::text, n.is_read, n.created_at';

function toItem(row: NotificationRow): AdminNotificationItem {
  return {
    id: Number(row.id),
    type: row.type,
    message: row.message,
    userId: Number(row.user_id),
    relatedId: Number(row.related_id),
    isRead: row.is_read,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

@QueryHandler(ListAdminNotificationsQuery)
export class ListAdminNotificationsHandler implements IQueryHandler<
  ListAdminNotificationsQuery,
  AdminNotificationsResponse
> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ options }: ListAdminNotificationsQuery): Promise<AdminNotificationsResponse> {
    const rows = await this.sql.query<NotificationRow & { unread: string }>(
      `with unread as (select count(*) as unread from admin_notifications where not is_read)
       select unread.unread::text, ${COLUMNS}
         from unread
         left join lateral (
           select * from admin_notifications
            where not $1::boolean or not is_read
            order by created_at desc, id desc
            limit $2 offset $3
         ) n on true
        order by n.created_at desc, n.id desc`,
      [options.unreadOnly ?? false, options.limit ?? DEFAULT_LIMIT, options.offset ?? 0],
    );
    return {
      notifications: rows.filter((row) => row.id !== null).map(toItem),
      unread: Number(rows[0]?.unread ?? 0),
    };
  }
}

@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<
  MarkNotificationReadCommand,
  AdminNotificationItem
> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ notificationId }: MarkNotificationReadCommand): Promise<AdminNotificationItem> {
    const [row] = await this.sql.query<NotificationRow>(
      `update admin_notifications n set is_read = true where n.id = $1 returning ${COLUMNS}`,
      [notificationId],
    );
    if (!row) throw new DomainError('ADMIN.NOTIFICATION_NOT_FOUND', 'not_found', 'Notification not found');
    return toItem(row);
  }
}

@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<
  MarkAllNotificationsReadCommand,
  { marked: number }
> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(): Promise<{ marked: number }> {
    const rows = await this.sql.query('update admin_notifications set is_read = true where not is_read returning id');
    return { marked: rows.length };
  }
}
