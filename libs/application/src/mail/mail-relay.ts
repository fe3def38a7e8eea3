import { Inject, Injectable } from '@nestjs/common';
import type { Sql } from '@savings/database';
import { SQL } from '../platform/tokens';

export interface DueMessage {
  outboxId: number;
  /** when the row was written, in microseconds since 1970 (with the id, names the row's one job) */
  createdAtMicros: string;
}

/** Messages handed to the queue per relay pass at most. */
export const RELAY_BATCH = 200;

/**
 * The outbox's way to the mail queue. The worker reads the messages not yet handed over (or handed
 * over long ago and still pending: a job lost with Redis), adds one job each, named by the message id
 * (adding a job twice is a no-op, so two relaying workers or a crash between the two steps do no
 * harm), then marks them handed over.
 */
@Injectable()
export class MailRelay {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async due(limit = RELAY_BATCH): Promise<DueMessage[]> {
    const rows = await this.sql.query<{ id: string; created: string }>(
      `select id::text as id, (extract(epoch from created_at) * 1000000)::int8::text as created from mail_outbox
        where status = 'pending' and (enqueued_at is null or enqueued_at < now() - interval '30 minutes')
        order by id limit $1`,
      [limit],
    );
    return rows.map((row) => ({ outboxId: Number(row.id), createdAtMicros: row.created }));
  }

  async handedOver(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.sql.query('update mail_outbox set enqueued_at = now() where id = any($1::int8[])', [ids]);
  }
}
