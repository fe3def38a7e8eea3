import { CURRENT_SCHEMA_VERSION, postingsOf, type AccountEvent, type AccountState, type Cents } from '@savings/domain';
import type { SqlQueryable } from '@savings/database';
import { eventHash, GENESIS_HASH, streamIdOf, userIdOfStream, type EventHasher } from './event-hash';
import { READ_MODEL_TABLES } from './ledger-tables';
import { ProjectionBatch, projectEvent } from './projection';
import { buildWriteStatement, type NotificationRow, type PostingRow, type Statement } from './projection-writer';

/** Who and what caused an event (api-contract.md section 3). */
export interface EventMetadata {
  actor: { kind: string; id: number | string };
  correlationId: string;
  causationId: string | null;
  idempotencyKey: string | null;
}

/** The account projection row: the fold of the stream up to `version`, and the head of its hash chain. */
export interface AccountSnapshot {
  userId: number;
  version: number;
  balanceCents: Cents;
  heldCents: Cents;
  interestCarry: number;
  lastAccrualDate: string | null;
  lastHash: string | null;
}

export interface AppendRequest {
  userId: number;
  expectedVersion: number;
  prevHash: string | null;
  /** the folded state after the events, written to the account row */
  after: Pick<AccountState, 'balanceCents' | 'heldCents' | 'interestCarry' | 'lastAccrualDate'>;
  events: AccountEvent[];
  metadata: EventMetadata;
  occurredAt: Date;
  notifications?: NotificationRow[];
}

export interface PreparedEvent {
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  payload: AccountEvent['data'];
  metadata: EventMetadata;
  occurredAt: Date;
  hash: string;
  prevHash: string;
  event: AccountEvent;
}

export interface AppendedEvent extends PreparedEvent {
  seq: string;
}

/**
 * Versions and hash links for new events of one stream. A batch over many streams passes one
 * batchEventHasher for all of them (the same hashes, the shared members serialized once).
 */
export function prepareEvents(
  userId: number | string,
  expectedVersion: number,
  prevHash: string | null,
  events: AccountEvent[],
  metadata: EventMetadata,
  occurredAt: Date,
  hasher: EventHasher = eventHash,
): PreparedEvent[] {
  const streamId = streamIdOf(userId);
  let previous = prevHash ?? GENESIS_HASH;
  return events.map((event, index) => {
    // built whole, then hashed (the hasher reads the content members): no object spread per event
    const prepared: PreparedEvent = {
      streamId,
      version: expectedVersion + index + 1,
      type: event.type,
      schemaVersion: CURRENT_SCHEMA_VERSION[event.type],
      payload: event.data,
      metadata,
      occurredAt,
      hash: '',
      prevHash: previous,
      event,
    };
    prepared.hash = hasher(previous, prepared);
    previous = prepared.hash;
    return prepared;
  });
}

/**
 * Statement 1 of an append: move the account row from the expected version to the new one and insert
 * the events, only if the version still matches. No row back = someone else appended first.
 */
export function buildEventsStatement(request: AppendRequest, prepared: PreparedEvent[]): Statement {
  const last = prepared[prepared.length - 1];
  return {
    text: `with u as (
        update accounts set version = $2, balance_cents = $3, held_cents = $4, interest_carry = $5,
          last_accrual_date = $6::date, last_hash = $7, updated_at = now()
        where user_id = $1 and version = $8
        returning user_id)
      insert into ledger_events (stream_id, version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
      select $9, v.version, v.type, v.schema_version, v.payload, v.metadata, v.occurred_at, v.hash, v.prev_hash
      from unnest($10::int4[], $11::text[], $12::int2[], $13::jsonb[], $14::jsonb[], $15::timestamptz[], $16::text[], $17::text[])
        as v(version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
      where exists (select 1 from u)
      order by v.version
      returning seq::text as seq, version`,
    params: [
      request.userId,
      last.version,
      String(request.after.balanceCents),
      String(request.after.heldCents),
      request.after.interestCarry,
      request.after.lastAccrualDate,
      last.hash,
      request.expectedVersion,
      last.streamId,
      prepared.map((e) => e.version),
      prepared.map((e) => e.type),
      prepared.map((e) => e.schemaVersion),
      prepared.map((e) => JSON.stringify(e.payload)),
      prepared.map((e) => JSON.stringify(e.metadata)),
      prepared.map((e) => e.occurredAt.toISOString()),
      prepared.map((e) => e.hash),
      prepared.map((e) => e.prevHash),
    ],
  };
}

/** What statement 2 reads of an appended event. */
export type DerivingEvent = Pick<AppendedEvent, 'seq' | 'streamId' | 'occurredAt' | 'event'>;

/** Statement 2 of an append: postings, read-model rows and notifications, all derived from the events. */
export function buildDerivedStatement(
  appended: DerivingEvent[],
  notifications: NotificationRow[] = [],
): Statement | null {
  const postings: PostingRow[] = [];
  const batch = new ProjectionBatch();
  for (const event of appended) {
    const userId = String(userIdOfStream(event.streamId));
    postingsOf(userId, event.event).forEach((posting, line) =>
      postings.push({
        eventSeq: event.seq,
        line: line + 1,
        account: posting.account,
        amountCents: String(posting.amountCents),
      }),
    );
    batch.addAll(projectEvent({ seq: event.seq, userId, occurredAt: event.occurredAt, event: event.event }));
  }
  return buildWriteStatement({ tables: READ_MODEL_TABLES, postings, batch, notifications });
}

/**
 * Appends events to one account stream inside the caller's transaction: the version-guarded account
 * update and the events (statement 1), then postings, projections and notifications (statement 2).
 * Returns null on a version conflict; the caller rolls back and re-runs the command.
 */
export async function appendToStream(tx: SqlQueryable, request: AppendRequest): Promise<AppendedEvent[] | null> {
  if (request.events.length === 0) return [];
  const prepared = prepareEvents(
    request.userId,
    request.expectedVersion,
    request.prevHash,
    request.events,
    request.metadata,
    request.occurredAt,
  );
  const first = buildEventsStatement(request, prepared);
  const rows = await tx.query<{ seq: string; version: number }>(first.text, first.params);
  if (rows.length === 0) return null;
  const seqByVersion = new Map(rows.map((row) => [row.version, row.seq]));
  const appended = prepared.map((event) => ({ ...event, seq: seqByVersion.get(event.version) as string }));
  const second = buildDerivedStatement(appended, request.notifications);
  if (second) await tx.query(second.text, second.params);
  return appended;
}

interface AccountRow {
  user_id: string;
  version: number;
  balance_cents: string;
  held_cents: string;
  interest_carry: number;
  last_accrual_date: string | null;
  last_hash: string | null;
}

export function toSnapshot(row: AccountRow): AccountSnapshot {
  return {
    userId: Number(row.user_id),
    version: row.version,
    balanceCents: BigInt(row.balance_cents),
    heldCents: BigInt(row.held_cents),
    interestCarry: row.interest_carry,
    lastAccrualDate: row.last_accrual_date,
    lastHash: row.last_hash,
  };
}

export const ACCOUNT_COLUMNS = `a.user_id::text as user_id, a.version, a.balance_cents::text as balance_cents,
  a.held_cents::text as held_cents, a.interest_carry, to_char(a.last_accrual_date, 'YYYY-MM-DD') as last_accrual_date,
  a.last_hash`;

/** Creates the account row of an existing user when it is missing (first command on the account). */
export async function ensureAccountRow(q: SqlQueryable, userId: number): Promise<void> {
  await q.query('insert into accounts (user_id) select id from users where id = $1 on conflict do nothing', [userId]);
}
