import { interestEvent } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import { batchEventHasher } from './event-hash';
import {
  ACCOUNT_COLUMNS,
  buildDerivedStatement,
  prepareEvents,
  toSnapshot,
  type DerivingEvent,
  type EventMetadata,
  type PreparedEvent,
} from './event-store';

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

interface Candidate {
  userId: number;
  prepared: PreparedEvent;
  creditedCents: string;
}

/**
 * Daily interest for every account in [fromUserId, toUserId) in one transaction and a few statements,
 * whatever the number of accounts. Each account's amount comes from the domain's interest function on
 * its balance as it stood at the accrual instant (later-effective postings subtracted). The version
 * guard makes a concurrent command win; those accounts are re-read and retried.
 */
export async function accrueInterestForRange(sql: Sql, input: InterestBatchInput): Promise<InterestBatchOutcome> {
  const outcome: InterestBatchOutcome = { accountsInRange: 0, accrued: 0, alreadyAccrued: 0, creditedTotalCents: 0n };
  let onlyUsers: number[] | null = null;
  const maxAttempts = input.maxAttempts ?? 20;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const result = await sql.transaction((tx) => accrueOnce(tx, input, onlyUsers));
    if (attempt === 1) outcome.accountsInRange = result.accountsInRange;
    outcome.accrued += result.accrued;
    outcome.alreadyAccrued += result.alreadyAccrued;
    outcome.creditedTotalCents += result.creditedTotalCents;
    if (result.conflicted.length === 0) return outcome;
    onlyUsers = result.conflicted;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
  throw new Error(`Interest for ${input.accrualDate}: ${onlyUsers?.length ?? 0} accounts kept conflicting`);
}

async function accrueOnce(
  tx: SqlQueryable,
  input: InterestBatchInput,
  onlyUsers: number[] | null,
): Promise<InterestBatchOutcome & { conflicted: number[] }> {
  const rows = await tx.query<Parameters<typeof toSnapshot>[0] & { balance_at_cents: string }>(
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
  // one hasher for the batch: every event shares the metadata and the accrual instant
  const hasher = batchEventHasher(input.metadata, input.occurredAt);
  const candidates: Candidate[] = [];
  // the events' rows for statement 1, written as each event is made (nothing else kept per account)
  const lines: string[] = [];
  for (const row of rows) {
    const snapshot = toSnapshot(row);
    if (snapshot.lastAccrualDate !== null && snapshot.lastAccrualDate >= input.accrualDate) {
      result.alreadyAccrued += 1;
      continue;
    }
    const event = interestEvent(snapshot, input.accrualDate, BigInt(row.balance_at_cents));
    if (!event) continue;
    const [prepared] = prepareEvents(
      snapshot.userId,
      snapshot.version,
      snapshot.lastHash,
      [event],
      input.metadata,
      input.occurredAt,
      hasher,
    );
    candidates.push({ userId: snapshot.userId, prepared, creditedCents: event.data.creditedCents });
    lines.push(
      tabSeparated([
        snapshot.userId,
        snapshot.version,
        event.data.balanceAfterCents,
        event.data.carryAfter,
        prepared.streamId,
        prepared.hash,
        prepared.prevHash,
        JSON.stringify(event.data),
      ]),
    );
  }
  if (candidates.length === 0) return result;

  const inserted = await tx.query<{ seq: string; user_id: string }>(
    `with v as (
       select f[1]::int8 as user_id, f[2]::int4 as expected_version, f[3]::int8 as balance_after,
              f[4]::int4 as carry_after, f[5] as stream_id, f[6] as hash, f[7] as prev_hash, f[8]::jsonb as payload
         from (select string_to_array(line, E'\\t') as f from string_to_table($1, E'\\n') as line) as lines),
     u as (
       update accounts a set version = a.version + 1, balance_cents = v.balance_after, interest_carry = v.carry_after,
         last_accrual_date = $2::date, last_hash = v.hash, updated_at = now()
       from v where a.user_id = v.user_id and a.version = v.expected_version
       returning a.user_id)
     insert into ledger_events (stream_id, version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
     select v.stream_id, v.expected_version + 1, 'InterestAccrued', $3, v.payload, $4::jsonb, $5::timestamptz, v.hash, v.prev_hash
       from v join u on u.user_id = v.user_id
      order by v.user_id
     returning seq::text as seq, split_part(stream_id, '-', 2) as user_id`,
    [
      lines.join('\n'),
      input.accrualDate,
      candidates[0].prepared.schemaVersion,
      JSON.stringify(input.metadata),
      input.occurredAt.toISOString(),
    ],
  );
  const seqByUser = new Map(inserted.map((row) => [Number(row.user_id), row.seq]));
  const appended: DerivingEvent[] = [];
  for (const candidate of candidates) {
    const seq = seqByUser.get(candidate.userId);
    if (seq === undefined) {
      result.conflicted.push(candidate.userId);
      continue;
    }
    const { streamId, occurredAt, event } = candidate.prepared;
    appended.push({ seq, streamId, occurredAt, event });
    result.accrued += 1;
    result.creditedTotalCents += BigInt(candidate.creditedCents);
  }
  // postings and interest_payments rows of all accounts in one statement
  const derived = buildDerivedStatement(appended);
  if (derived) await tx.query(derived.text, derived.params);
  return result;
}

/**
 * One row of the batch's text parameter: statement 1 receives a line per row and a tab between
 * fields, split in SQL by string_to_table and string_to_array, which PostgreSQL decodes at a fraction
 * of the cost of JSON (json_to_recordset) or of array parameters. No escaping is needed because no
 * field can hold a tab or a line break: numbers, hex hashes, stream ids (account-<id>) and JSON text
 * (JSON.stringify writes control characters as escapes).
 */
function tabSeparated(fields: (string | number)[]): string {
  return fields.join('\t');
}
