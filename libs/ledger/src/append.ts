import { CURRENT_SCHEMA_VERSION, type AccountState, type LedgerEvent } from '@savings/domain';
import type { SqlQueryable } from '@savings/database';
import { eventHash, GENESIS_HASH, isAccountStream, userIdOfStream, type EventHasher } from './event-hash';
import { accountRowOf } from './projection';
import { ACCOUNT_ROW_COLUMNS, buildDerivedStatement, type NotificationRow } from './projection-writer';

/** Who and what caused an event (api-contract.md section 3). */
export interface EventMetadata {
  actor: { kind: string; id: number | string };
  correlationId: string;
  causationId: string | null;
  idempotencyKey: string | null;
  /** Four eyes (api-contract.md section 9): the admin who asked for the move and the one who approved it. */
  makerId?: number;
  checkerId?: number;
}

/** New events of one stream, appended only if the stream is still at `expectedVersion`. */
export interface StreamWrite {
  streamId: string;
  expectedVersion: number;
  /** hash of the stream's last event (null for a new stream) */
  prevHash: string | null;
  events: LedgerEvent[];
  metadata: EventMetadata;
  occurredAt: Date;
  /** An account stream's state after the events (its projection row is written from it). */
  after?: AccountState;
  /** Admin notifications caused by these events, written only if the stream's events are. */
  notifications?: NotificationRow[];
}

export interface PreparedEvent {
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  payload: LedgerEvent['data'];
  metadata: EventMetadata;
  occurredAt: Date;
  hash: string;
  prevHash: string;
  event: LedgerEvent;
}

export interface AppendedEvent extends PreparedEvent {
  seq: string;
}

export interface AppendOutcome {
  /** The events written, per stream, in order. */
  appended: Map<string, AppendedEvent[]>;
  /** Per write, in the order given: its events as appended, or null when its stream conflicted. */
  byWrite: (AppendedEvent[] | null)[];
  /** Streams another writer moved first: nothing of theirs was written; re-decide them on the new state. */
  conflicted: string[];
}

/**
 * Versions and hash links for new events of one stream. A batch over many streams passes one
 * batchEventHasher for all of them (the same hashes, the shared members serialized once).
 */
export function prepareEvents(write: StreamWrite, hasher: EventHasher = eventHash): PreparedEvent[] {
  let previous = write.prevHash ?? GENESIS_HASH;
  return write.events.map((event, index) => {
    // built whole, then hashed (the hasher reads the content members): no object spread per event
    const prepared: PreparedEvent = {
      streamId: write.streamId,
      version: write.expectedVersion + index + 1,
      type: event.type,
      schemaVersion: CURRENT_SCHEMA_VERSION[event.type],
      payload: event.data,
      metadata: write.metadata,
      occurredAt: write.occurredAt,
      hash: '',
      prevHash: previous,
      event,
    };
    prepared.hash = hasher(previous, prepared);
    previous = prepared.hash;
    return prepared;
  });
}

/** The answer for a write without events (shared: never changed). */
const NO_EVENTS: AppendedEvent[] = [];

/** The writes of one stream in one append: consecutive, each continuing the previous one's chain. */
interface StreamRun {
  streamId: string;
  first: StreamWrite;
  last: StreamWrite;
  /** per write of the run, its prepared events */
  prepared: PreparedEvent[][];
}

/**
 * THE append of the ledger: the only code that writes events and moves stream heads. Any number of
 * streams in two statements inside the caller's transaction, whatever the number (one command, a
 * group of commands, a day's interest batch):
 *  1. every stream's head moves from its expected version to the new one, and the events of the
 *     streams whose head moved are inserted. An account stream's head is its projection row in
 *     `accounts` (version, last hash and the fold's columns, from projection.accountRowOf); any other
 *     stream's head is its row in `ledger_streams`. A head that is no longer at the expected version
 *     (a concurrent writer won) is left alone, and so are its events: that stream is `conflicted`;
 *  2. postings, read-model rows and notifications of the written events (buildDerivedStatement).
 * A stream may have several writes (a group of commands on one account, each with its own metadata):
 * they must follow each other (each write's expected version is where the previous one ends; its
 * prevHash is taken from the previous write's last event), and they stand or fall together.
 * Nothing global is locked: concurrent appends to other streams never wait for each other.
 */
export async function appendToStreams(
  tx: SqlQueryable,
  writes: StreamWrite[],
  options: { hasher?: EventHasher } = {},
): Promise<AppendOutcome> {
  const outcome: AppendOutcome = {
    appended: new Map(),
    byWrite: new Array(writes.length).fill(NO_EVENTS),
    conflicted: [],
  };
  const runs = new Map<string, StreamRun>();
  const metadata: EventMetadata[] = [];
  const times: Date[] = [];
  const events: string[] = [];
  for (const write of writes) {
    if (write.events.length === 0) continue;
    const run = runs.get(write.streamId);
    let prepared: PreparedEvent[];
    if (run) {
      const end = run.last.expectedVersion + run.last.events.length;
      if (write.expectedVersion !== end) {
        throw new Error(`${write.streamId}: a write expecting version ${write.expectedVersion} does not follow ${end}`);
      }
      const previous = run.prepared[run.prepared.length - 1];
      prepared = prepareEvents({ ...write, prevHash: previous[previous.length - 1].hash }, options.hasher);
      run.prepared.push(prepared);
      run.last = write;
    } else {
      prepared = prepareEvents(write, options.hasher);
      runs.set(write.streamId, { streamId: write.streamId, first: write, last: write, prepared: [prepared] });
    }
    // consecutive writes usually share their metadata and time (a batch): each is sent once
    if (metadata[metadata.length - 1] !== write.metadata) metadata.push(write.metadata);
    if (times[times.length - 1] !== write.occurredAt) times.push(write.occurredAt);
    for (const event of prepared) {
      events.push(
        [
          event.streamId,
          event.version,
          event.type,
          event.schemaVersion,
          event.hash,
          event.prevHash,
          metadata.length,
          times.length,
          JSON.stringify(event.payload),
        ].join('\t'),
      );
    }
  }
  if (runs.size === 0) return outcome;

  const heads = [...runs.values()].map(headLine);
  const rows = await tx.query<{ seq: string; stream_id: string; version: number }>(
    EVENTS_STATEMENT,
    [heads.join('\n'), events.join('\n'), metadata.map((m) => JSON.stringify(m)), times.map((t) => t.toISOString())],
    PREPARED,
  );
  const seqOf = new Map<string, string>();
  for (const row of rows) seqOf.set(`${row.stream_id}\t${row.version}`, row.seq);

  const derived: AppendedEvent[] = [];
  const notifications: NotificationRow[] = [];
  const moved = new Set<string>();
  for (const run of runs.values()) {
    const first = run.prepared[0][0];
    if (!seqOf.has(`${run.streamId}\t${first.version}`)) {
      outcome.conflicted.push(run.streamId);
      continue;
    }
    moved.add(run.streamId);
    const all: AppendedEvent[] = [];
    for (const prepared of run.prepared) {
      for (const event of prepared) {
        const withSeq = event as AppendedEvent;
        withSeq.seq = seqOf.get(`${event.streamId}\t${event.version}`) as string;
        all.push(withSeq);
      }
    }
    outcome.appended.set(run.streamId, all);
    derived.push(...all);
  }
  writes.forEach((write, index) => {
    if (write.events.length === 0) return;
    if (!moved.has(write.streamId)) {
      outcome.byWrite[index] = null;
      return;
    }
    const run = runs.get(write.streamId) as StreamRun;
    outcome.byWrite[index] = run.prepared.shift() as AppendedEvent[];
    if (write.notifications) notifications.push(...write.notifications);
  });
  const second = buildDerivedStatement(derived, notifications);
  if (second) await tx.query(second.text, second.params, PREPARED);
  return outcome;
}

/**
 * Both statements are prepared: planning them cost more than running them for one command's append
 * (a few tables' shapes of statement 2, so each connection holds a handful).
 */
const PREPARED = { prepare: true };

/**
 * A stream head's line for statement 1: stream id, user id (empty for other streams), expected and
 * new version, new last hash, then the account row's columns (empty for other streams). No field can
 * hold a tab or a line break: ids, numbers, hex hashes and dates.
 */
function headLine(run: StreamRun): string {
  const lastWrite = run.prepared[run.prepared.length - 1];
  const last = lastWrite[lastWrite.length - 1];
  if (!isAccountStream(run.streamId)) {
    return `${run.streamId}\t\t${run.first.expectedVersion}\t${last.version}\t${last.hash}`;
  }
  const after = run.last.after;
  if (!after) throw new Error(`An append to ${run.streamId} needs the account's state after its events`);
  const userId = userIdOfStream(run.streamId);
  const row = accountRowOf(String(userId), after, last.hash);
  // concatenated, not joined: a day's interest writes a million of these lines
  let line = `${run.streamId}\t${userId}\t${run.first.expectedVersion}\t${last.version}\t${last.hash}`;
  for (let i = 0; i < ACCOUNT_ROW_GETTERS.length; i += 1) line += `\t${ACCOUNT_ROW_GETTERS[i](row) ?? ''}`;
  return line;
}

const ACCOUNT_ROW_GETTERS = ACCOUNT_ROW_COLUMNS.map(([, get]) => get);

/** The account row's columns as `name = h.name` assignments and as typed fields of a head line. */
const ACCOUNT_SET = ACCOUNT_ROW_COLUMNS.filter(([name]) => name !== 'user_id')
  .map(([name]) => `${name} = h.${name}`)
  .join(', ');
const ACCOUNT_FIELDS = ACCOUNT_ROW_COLUMNS.map(
  ([name, , type], i) => `nullif(f[${i + 6}], '')::${type} as ${name}`,
).join(', ');

/**
 * Statement 1: heads and events arrive as two texts, a line per head or event and a tab between
 * fields, split in SQL (string_to_table, string_to_array): PostgreSQL decodes that at a fraction of
 * the cost of JSON or array parameters, which matters for a day's interest (thousands of streams per
 * statement). Metadata and effective times are sent once each ($3, $4) and referenced by position.
 * `offset 0` keeps each line's split array a column of its subquery: inlined, PostgreSQL split the
 * line again for every field it reads (five times the cost of the whole head parse).
 * A new non-account stream is created by its first append (expected version 0): the insert is its
 * guard, as a concurrent creator's row makes it do nothing.
 */
const EVENTS_STATEMENT = `
  with heads as materialized (
    select f[1] as stream_id, nullif(f[2], '')::int8 as head_user_id, f[3]::int4 as expected,
           f[4]::int4 as new_version, f[5] as new_hash, ${ACCOUNT_FIELDS}
      from (select string_to_array(line, E'\\t') as f from string_to_table($1, E'\\n') as line offset 0) as lines),
  accounts_moved as (
    update accounts a set ${ACCOUNT_SET}, updated_at = now()
      from heads h
     where h.head_user_id is not null and a.user_id = h.head_user_id and a.version = h.expected
    returning h.stream_id),
  streams_created as (
    insert into ledger_streams (stream_id, version, last_hash)
    select stream_id, new_version, new_hash from heads where head_user_id is null and expected = 0
    on conflict do nothing
    returning stream_id),
  streams_moved as (
    update ledger_streams s set version = h.new_version, last_hash = h.new_hash, updated_at = now()
      from heads h
     where h.head_user_id is null and h.expected > 0 and s.stream_id = h.stream_id and s.version = h.expected
    returning h.stream_id),
  moved as (
    select stream_id from accounts_moved
    union all select stream_id from streams_created
    union all select stream_id from streams_moved)
  insert into ledger_events (stream_id, version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
  select e.f[1], e.f[2]::int4, e.f[3], e.f[4]::int2, e.f[9]::jsonb, ($3::jsonb[])[e.f[7]::int4],
         ($4::timestamptz[])[e.f[8]::int4], e.f[5], e.f[6]
    from (select string_to_array(line, E'\\t') as f, n
            from string_to_table($2, E'\\n') with ordinality as lines(line, n) offset 0) as e
   where e.f[1] in (select stream_id from moved)
   order by e.n
  returning seq::text as seq, stream_id, version`;
