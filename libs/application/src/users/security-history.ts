import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SecurityEventKind } from '@savings/contracts';
import type { Sql, SqlQueryable } from '@savings/database';
import { SQL } from '../platform/tokens';

/**
 * A sign-in or a change of the account's sign-in factors, for the customer's own history (the export
 * lists it). A change (two-factor, password) is recorded in its own transaction with recordSecurityEvent;
 * a sign-in, which changes nothing in the database, through this command once the session exists.
 */
export class RecordSecurityEventCommand {
  constructor(
    readonly userId: number,
    readonly kind: SecurityEventKind,
    /** the client address of the request (never the raw X-Forwarded-For) */
    readonly address: string | null,
  ) {}
}

export async function recordSecurityEvent(
  q: SqlQueryable,
  userId: number,
  kind: SecurityEventKind,
  address: string | null = null,
): Promise<void> {
  await q.query('insert into account_security_events (user_id, kind, address) values ($1, $2, $3)', [
    userId,
    kind,
    address === null ? null : address.slice(0, 64),
  ]);
}

@CommandHandler(RecordSecurityEventCommand)
export class RecordSecurityEventHandler implements ICommandHandler<RecordSecurityEventCommand, void> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  execute(command: RecordSecurityEventCommand): Promise<void> {
    return recordSecurityEvent(this.sql, command.userId, command.kind, command.address);
  }
}
