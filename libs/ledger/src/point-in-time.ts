import type { SqlQueryable } from '@savings/database';
import { ChartOfAccounts } from '@savings/domain';
import { streamIdOf } from './event-hash';

/**
 * A customer's balance at an instant, from the log: minus the sum of their liability postings of the
 * events effective at or before it (effective time, so a late interest accrual counts on its date).
 */
export async function balanceAsOf(q: SqlQueryable, userId: number, asOf: Date | null): Promise<bigint> {
  const [row] = await q.query<{ cents: string }>(
    `select coalesce(-sum(p.amount_cents), 0)::text as cents
       from ledger_events e join ledger_postings p on p.event_seq = e.seq
      where e.stream_id = $1 and p.account = $2 and ($3::timestamptz is null or e.occurred_at <= $3::timestamptz)`,
    [streamIdOf(userId), ChartOfAccounts.customer(userId), asOf ? asOf.toISOString() : null],
  );
  return BigInt(row.cents);
}
