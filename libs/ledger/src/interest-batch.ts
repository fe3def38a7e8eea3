import { decide, evolve } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import { ACCOUNT_COLUMNS, accountRowFrom, type AccountRowRecord } from './account-rows';
import { appendToStreams, type EventMetadata, type StreamWrite } from './append';
import { batchEventHasher, streamIdOf, userIdOfStream } from './event-hash';
import { accountStateOf } from './projection';
import { retryOnConflict, VersionConflict } from './retry';

export interface InterestBatchInput {
  accrualDate: string;
  /** the accrual date's credit time (10:00 in APP_TIMEZONE): the events' effective time */
  occurredAt: Date;
  fromUserId: number;
  toUserId: number;
  metadata: EventMetadata;
  maxAttempts?: number;
}

export interface InterestBatchOutcome {
  accountsInRange: number;
  accrued: number;
  alreadyAccrued: number;
  creditedTotalCents: bigint;
}

/**
 * Daily interest for every account in [fromUserId, toUserId): one AccrueInterest decision per account
 * (the account decider, as for any command), all appended in one transaction by the ledger's one
 * append, whatever the number of accounts. Each decision sees the balance as it stood at the accrual
 * instant (later-effective postings subtracted). An account a concurrent command moved meanwhile is a
 * conflict: only those accounts are read and decided again.
 */
export async function accrueInterestForRange(sql: Sql, input: InterestBatchInput): Promise<InterestBatchOutcome> {
  const outcome: InterestBatchOutcome = { accountsInRange: 0, accrued: 0, alreadyAccrued: 0, creditedTotalCents: 0n };
  let onlyUsers: number[] | null = null;
  await retryOnConflict(
    async (attempt) => {
      const result = await sql.transaction((tx) => accrueOnce(tx, input, onlyUsers));
      if (attempt === 1) outcome.accountsInRange = result.accountsInRange;
      outcome.accrued += result.accrued;
      outcome.alreadyAccrued += result.alreadyAccrued;
      outcome.creditedTotalCents += result.creditedTotalCents;
      if (result.conflicted.length > 0) {
        onlyUsers = result.conflicted;
        throw new VersionConflict();
      }
    },
    {
      maxAttempts: input.maxAttempts ?? 20,
      exhausted: () =>
        new Error(`Interest for ${input.accrualDate}: ${onlyUsers?.length ?? 0} accounts kept conflicting`),
    },
  );
  return outcome;
}

async function accrueOnce(
  tx: SqlQueryable,
  input: InterestBatchInput,
  onlyUsers: number[] | null,
): Promise<InterestBatchOutcome & { conflicted: number[] }> {
  const rows = await tx.query<AccountRowRecord & { balance_at_cents: string }>(
    // Late events are found through the occurred_at index first (usually a handful), then their
    // postings by key: the plan must not depend on statistics, or a fresh ledger scans every posting
    // once per batch.
    `with late_events as materialized (
       select e.seq from ledger_events e where e.occurred_at > $3),
     late as (
       select p.account, sum(p.amount_cents) as after_cents
         from late_events le join ledger_postings p on p.event_seq = le.seq
        where p.account like 'customer:%'
        group by p.account)
     select ${ACCOUNT_COLUMNS}, greatest(a.balance_cents + coalesce(l.after_cents, 0), 0)::text as balance_at_cents
       from accounts a left join late l on l.account = 'customer:' || a.user_id
      where a.user_id >= $1 and a.user_id < $2 and ($4::int8[] is null or a.user_id = any($4::int8[]))
      order by a.user_id`,
    [input.fromUserId, input.toUserId, input.occurredAt.toISOString(), onlyUsers],
  );
  const result = {
    accountsInRange: rows.length,
    accrued: 0,
    alreadyAccrued: 0,
    creditedTotalCents: 0n,
    conflicted: [] as number[],
  };
  const writes: StreamWrite[] = [];
  const credited = new Map<string, bigint>();
  for (const record of rows) {
    const row = accountRowFrom(record);
    const state = accountStateOf(row);
    if (state.lastAccrualDate !== null && state.lastAccrualDate >= input.accrualDate) {
      result.alreadyAccrued += 1;
      continue;
    }
    const events = decide(
      {
        type: 'AccrueInterest',
        data: { accrualDate: input.accrualDate, balanceAtAccrualCents: BigInt(record.balance_at_cents) },
      },
      state,
    );
    if (events.length === 0) continue;
    const streamId = streamIdOf(row.userId);
    for (const event of events) {
      if (event.type === 'InterestAccrued') credited.set(streamId, BigInt(event.data.creditedCents));
    }
    writes.push({
      streamId,
      expectedVersion: state.version,
      prevHash: row.lastHash,
      events,
      metadata: input.metadata,
      occurredAt: input.occurredAt,
      after: events.reduce(evolve, state),
    });
  }
  if (writes.length === 0) return result;
  // one hasher for the batch: every event shares the metadata and the accrual instant
  const appended = await appendToStreams(tx, writes, { hasher: batchEventHasher(input.metadata, input.occurredAt) });
  for (const streamId of appended.conflicted) result.conflicted.push(userIdOfStream(streamId));
  for (const streamId of appended.appended.keys()) {
    result.accrued += 1;
    result.creditedTotalCents += credited.get(streamId) ?? 0n;
  }
  return result;
}
