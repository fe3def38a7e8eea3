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

/** The last event of the log at an instant: what a restore to that instant must hold last (its hash covers all before it). */
export interface LedgerHead {
  seq: string;
  hash: string;
  streamId: string;
  recordedAt: string;
}

/**
 * The last event recorded at or before `asOf` (null: the last of all), by sequence number; null when the
 * log is empty then. Recorded time is the event's transaction's start: compare heads at an instant when no
 * transaction was open across it (a restore drill picks a quiet one).
 */
export async function ledgerHead(q: SqlQueryable, asOf: Date | null): Promise<LedgerHead | null> {
  const [row] = await q.query<{ seq: string; hash: string; stream_id: string; recorded_at: Date }>(
    `select seq::text as seq, hash, stream_id, recorded_at from ledger_events
      where $1::timestamptz is null or recorded_at <= $1::timestamptz
      order by seq desc limit 1`,
    [asOf ? asOf.toISOString() : null],
  );
  return row
    ? { seq: row.seq, hash: row.hash, streamId: row.stream_id, recordedAt: new Date(row.recorded_at).toISOString() }
    : null;
}
