import * as domain from '@savings/domain';
import {
  ACCOUNT_EVENT_TYPES,
  initialAccountState,
  type LedgerEvent,
  type AccountEventType,
  type AccountState,
} from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import { isAccountStream, userIdOfStream } from './event-hash';
import { READ_MODEL_TABLES, type ReadModelTables } from './ledger-tables';
import { accountRowOf, ProjectionBatch, projectEvent, type AccountRow, type ProjectionChange } from './projection';
import {
  buildAccountsCopy,
  buildReplayWrite,
  buildStreamHeadsCopy,
  type StreamHeadRow,
  type Statement,
} from './projection-writer';

/**
 * The domain functions called per event, bound once: a call through the package's `export *` (as
 * compiled to CommonJS) goes through a getter doing a keyed lookup, 2-3% of verify's main thread
 * (profiled on 1,000,000 events).
 */
const { evolve, isAccountEvent, upcastEvent } = domain;

export const REPLAY_PAGE_SIZE = 10_000;

/**
 * Pages whose reads are under way beyond the one awaited (each on a connection of its own). One: two
 * reads then overlap the fold; three more were no faster (measured).
 */
export const REPLAY_READ_AHEAD = 1;

/**
 * Events projected into one ProjectionBatch before it is encoded for writing: its row objects then
 * die before the young generation fills. A whole page's rows outlived scavenges, which copied them
 * (twice the garbage-collection time).
 */
export const REPLAY_BATCH_EVENTS = 2_000;

export interface ReplayResult {
  events: number;
  accounts: number;
  lastSeq: string;
}

export interface LogEvent {
  seq: string;
  streamId: string;
  type: string;
  schemaVersion: number;
  /** effective time (shared by consecutive events with the same time: never mutated) */
  occurredAt: Date;
  payload: unknown;
}

/** A log event with what chains and hashes it: what `ledger verify` reads in the replay's one pass. */
export interface AuditedLogEvent extends LogEvent {
  version: number;
  hash: string;
  prevHash: string;
  /** the metadata as jsonb's text (consecutive events mostly share it: parsed once by the audit) */
  metadataText: string;
}

/** The read-model rows keyed by the seq of the event that inserts them, and never changed after. */
export type SeqKeyedChange = Extract<
  ProjectionChange,
  { table: 'deposits' | 'adminTransactions' | 'interestPayments' }
>;

export const isSeqKeyed = (change: ProjectionChange): change is SeqKeyedChange =>
  change.table === 'deposits' || change.table === 'adminTransactions' || change.table === 'interestPayments';

/**
 * What `ledger verify` does beside the replay, in the same pass over the log (one read of a million
 * events instead of two): each event with its hash fields, in log order, and each page's end.
 */
export interface ReplayAudit {
  /** a page's text, before its events are visited */
  pageStart(page: string): void;
  event(row: AuditedLogEvent, event: LedgerEvent, userId: string | null): void;
  /**
   * The page's rows of the seq-keyed read models, in seq order, taken by the audit instead of being
   * written: verify compares them with the stored rows of the page's seqs (ADR 0010).
   */
  seqKeyedRow(change: SeqKeyedChange): void;
  /** every event of the page (after, last] was visited; resolves when the audit can take the next */
  pageEnd(after: string, last: string): Promise<void>;
}

/**
 * A stream as replayed so far: an account's is folded into the decider's state; any other stream only
 * counts its version. lastSeq is its last event's seq, whose hash heads its chain.
 */
interface Folded {
  userId: string | null;
  state: AccountState;
  version: number;
  lastSeq: string;
}

/**
 * The events of the log after a seq up to a seq (a page: pageEnd finds its end; memory stays flat) as
 * ONE text, a line per event: `seq TAB stream_id TAB type TAB schema_version TAB occurred TAB payload`.
 * Why one text: the driver's per-row and per-column work (a message, strings and an object each) cost
 * more than the fold itself. occurred is the timestamptz's binary value (int8 microseconds since
 * 2000-01-01) in hex: exact, and about a third of what `extract(epoch ...) * 1000` (numeric arithmetic
 * and output) cost PostgreSQL per row. stream_id and type go raw (to_json cost PostgreSQL more than a
 * check here): the payload is jsonb's text, which never holds a raw tab or newline, so a tab or newline
 * in either one makes its line fail forEachLogEvent's checks (five tabs before the line's end, 16 hex
 * digits, an integer schema version, a payload that parses) and cannot shift fields unnoticed. The
 * lines are in seq order as the subquery delivers them (forEachLogEvent checks it rather than paying
 * for a sort).
 */
async function readLogPage(reader: SqlQueryable, after: string, upTo: string, audited: boolean): Promise<string> {
  const [row] = await reader.query<{ page: string | null }>(audited ? AUDITED_PAGE_SQL : PAGE_SQL, [after, upTo]);
  if (row.page === null) throw new Error(`No events in the log page of seqs after ${after} up to ${upTo}`);
  return row.page;
}

const PAGE_SQL = `select string_agg(concat_ws(E'\\t', seq, stream_id, type, schema_version,
         encode(timestamptz_send(occurred_at), 'hex'), payload), E'\\n') as page
    from (select seq, stream_id, type, schema_version, occurred_at, payload from ledger_events
           where seq > $1 and seq <= $2 order by ledger_events.seq) e`;

/**
 * The audited line adds version, hash, prev_hash and metadata before the payload. metadata is jsonb's
 * text too (no raw tab or newline); a hash with one would fail its comparison.
 */
const AUDITED_PAGE_SQL = `select string_agg(concat_ws(E'\\t', seq, stream_id, type, schema_version,
         encode(timestamptz_send(occurred_at), 'hex'), version, hash, prev_hash, metadata, payload), E'\\n') as page
    from (select seq, stream_id, type, schema_version, occurred_at, version, hash, prev_hash, metadata, payload
            from ledger_events where seq > $1 and seq <= $2 order by ledger_events.seq) e`;

/** The seq that ends the page of up to `limit` events after a seq (an index-only scan); null at the end. */
async function pageEnd(reader: SqlQueryable, after: string, limit: number): Promise<string | null> {
  const [row] = await reader.query<{ last: string | null }>(
    `select max(seq)::text as last from (select seq from ledger_events where seq > $1 order by seq limit $2) e`,
    [after, limit],
  );
  return row.last;
}

/**
 * The log's pages in order (null after the last), the awaited one and `ahead` more read at once on
 * connections of their own: each page's end is found first (cheap), so the next page can be read
 * before this one arrives. Why: with one read in flight (keyset `seq > $last limit n`, the next read
 * waiting for this page's text) the fold waited for PostgreSQL on about every page (4 of 9 s) while
 * a core sat idle.
 */
function logPages(
  reader: SqlQueryable,
  pageSize: number,
  ahead: number,
  audited: boolean,
): () => Promise<string | null> {
  let end: Promise<string | null> = Promise.resolve('0');
  const queue: Promise<string | null>[] = [];
  const enqueue = () => {
    const after = end;
    end = after.then((seq) => (seq === null ? null : pageEnd(reader, seq, pageSize)));
    end.catch(() => undefined); // observed through the page below
    const upTo = end;
    const page = Promise.all([after, upTo]).then(([from, to]) =>
      from === null || to === null ? null : readLogPage(reader, from, to, audited),
    );
    page.catch(() => undefined); // observed when its turn comes
    queue.push(page);
  };
  for (let i = 0; i < ahead; i += 1) enqueue();
  return () => {
    const page = queue.shift() as Promise<string | null>;
    enqueue();
    return page;
  };
}

/** Whether decimal seq a comes after decimal seq b (exact for any length, unlike Number). */
export const seqAfter = (a: string, b: string): boolean => a.length > b.length || (a.length === b.length && a > b);

/** The seq of a page's last event: the first field of its last line. */
function lastSeqOf(page: string): string {
  const lastLine = page.lastIndexOf('\n') + 1;
  return page.slice(lastLine, page.indexOf('\t', lastLine));
}

/** Microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's timestamp epoch. */
const PG_EPOCH_US = 946_684_800_000_000;
const TWO_32 = 4_294_967_296;

/**
 * Epoch milliseconds of a timestamptz's binary value in hex (16 digits, int8 big-endian microseconds
 * since 2000), truncated toward zero as `new Date(exact milliseconds)` does. Exact: the microseconds
 * fit a double's integers for ±285 years around 2000 (BigInt beyond), and a quotient by 1000 never
 * rounds across a whole millisecond.
 */
export function epochMsOfHex(hex: string): number {
  let high = Number.parseInt(hex.slice(0, 8), 16);
  const low = Number.parseInt(hex.slice(8), 16);
  if (high >= 0x8000_0000) high -= TWO_32;
  if (high >= 0x20_0000 || high < -0x20_0000) {
    return Number((BigInt.asIntN(64, BigInt(`0x${hex}`)) + BigInt(PG_EPOCH_US)) / 1000n);
  }
  return Math.trunc((high * TWO_32 + low + PG_EPOCH_US) / 1000);
}

/** The event types by length, so a line's type is found without a string of its own (and interned). */
const TYPES_BY_LENGTH = new Map<number, AccountEventType[]>();
for (const type of ACCOUNT_EVENT_TYPES)
  TYPES_BY_LENGTH.set(type.length, [...(TYPES_BY_LENGTH.get(type.length) ?? []), type]);

function typeAt(page: string, start: number, end: number): string {
  const candidates = TYPES_BY_LENGTH.get(end - start);
  if (candidates) for (const type of candidates) if (page.startsWith(type, start)) return type;
  return page.slice(start, end); // unknown: upcastEvent names it
}

const HEX_TIME = /^[0-9a-f]{16}$/;

/**
 * Hands each event of a page to `visit`, parsed one at a time so it dies young (a page parsed up front
 * outlived garbage collections and made them several times dearer). Throws unless the seqs ascend
 * after `after` and every line has its fields (six, or ten when audited). Returns the number of
 * events. Events with the same time (an interest batch, one command's events) share one Date.
 */
export function forEachLogEvent(
  page: string,
  after: string,
  audited: boolean,
  visit: (event: LogEvent | AuditedLogEvent) => void,
): number {
  let previous = after;
  let count = 0;
  let lastHex: string | null = null;
  let lastOccurred = new Date(NaN);
  for (let start = 0; start < page.length; count += 1) {
    const newline = page.indexOf('\n', start);
    const end = newline < 0 ? page.length : newline;
    const t1 = page.indexOf('\t', start);
    const t2 = page.indexOf('\t', t1 + 1);
    const t3 = page.indexOf('\t', t2 + 1);
    const t4 = page.indexOf('\t', t3 + 1);
    const t5 = page.indexOf('\t', t4 + 1);
    const seq = page.slice(start, t1);
    if (t1 < 0 || t2 < 0 || t3 < 0 || t4 < 0 || t5 < 0 || t5 > end || t5 - t4 !== 17) {
      throw new Error(`Log line after seq ${previous} is malformed`);
    }
    if (!seqAfter(seq, previous)) throw new Error(`Log page out of order: seq ${seq} after ${previous}`);
    previous = seq;
    if (lastHex === null || !page.startsWith(lastHex, t4 + 1)) {
      lastHex = page.slice(t4 + 1, t5);
      if (!HEX_TIME.test(lastHex)) throw new Error(`Log line of seq ${seq} is malformed`);
      lastOccurred = new Date(epochMsOfHex(lastHex));
    }
    const schemaVersion = Number(page.slice(t3 + 1, t4));
    if (!Number.isInteger(schemaVersion)) throw new Error(`Log line of seq ${seq} is malformed`);
    if (!audited) {
      visit({
        seq,
        streamId: page.slice(t1 + 1, t2),
        type: typeAt(page, t2 + 1, t3),
        schemaVersion,
        occurredAt: lastOccurred,
        payload: JSON.parse(page.slice(t5 + 1, end)),
      });
    } else {
      const t6 = page.indexOf('\t', t5 + 1);
      const t7 = page.indexOf('\t', t6 + 1);
      const t8 = page.indexOf('\t', t7 + 1);
      const t9 = page.indexOf('\t', t8 + 1);
      const version = Number(page.slice(t5 + 1, t6));
      if (t6 < 0 || t7 < 0 || t8 < 0 || t9 < 0 || t9 > end || !Number.isInteger(version)) {
        throw new Error(`Log line of seq ${seq} is malformed`);
      }
      visit({
        seq,
        streamId: page.slice(t1 + 1, t2),
        type: typeAt(page, t2 + 1, t3),
        schemaVersion,
        occurredAt: lastOccurred,
        version,
        hash: page.slice(t6 + 1, t7),
        prevHash: page.slice(t7 + 1, t8),
        metadataText: page.slice(t8 + 1, t9),
        payload: JSON.parse(page.slice(t9 + 1, end)),
      });
    }
    start = end + 1;
  }
  return count;
}

/**
 * Each event of an audited page as replayInto hands it to the audit (upcast, with its account's user
 * id, null in other streams): for verify to derive a page's expected rows again where they differ from
 * the stored ones, since it keeps only their digests (ADR 0010).
 */
export function forEachAuditedEvent(
  page: string,
  after: string,
  visit: (row: AuditedLogEvent, event: LedgerEvent, userId: string | null) => void,
): void {
  forEachLogEvent(page, after, true, (row) => {
    const event = upcastEvent(row.type, row.schemaVersion, row.payload);
    visit(row as AuditedLogEvent, event, isAccountStream(row.streamId) ? String(userIdOfStream(row.streamId)) : null);
  });
}

/**
 * Rebuilds the read models from the log into empty tables: pages of events are folded (accounts) and
 * projected (the same projectEvent as the live path), and each page is written set-based in one
 * statement while the next page is already being read.
 */
export async function replayInto(
  reader: SqlQueryable,
  writer: SqlQueryable,
  tables: ReadModelTables,
  options: {
    pageSize?: number;
    batchEvents?: number;
    readAhead?: number;
    onPage?: (eventsSoFar: number) => void;
    /** `ledger verify`'s checks of each event, in the same pass */
    audit?: ReplayAudit;
  } = {},
): Promise<ReplayResult> {
  const pageSize = options.pageSize ?? REPLAY_PAGE_SIZE;
  const batchEvents = options.batchEvents ?? REPLAY_BATCH_EVENTS;
  const streams = new Map<string, Folded>();
  let lastSeq = '0';
  let events = 0;
  const audit = options.audit;
  const nextPage = logPages(reader, pageSize, options.readAhead ?? REPLAY_READ_AHEAD, audit !== undefined);
  // pages in flight: 1 + REPLAY_READ_AHEAD being read, one being folded, one being written
  let writing: Promise<void> = Promise.resolve();
  for (;;) {
    const page = await nextPage();
    if (page === null) break;
    const after = lastSeq;
    lastSeq = lastSeqOf(page);
    audit?.pageStart(page);
    const writes = new PageWrites(tables);
    let batch = new ProjectionBatch();
    let batched = 0;
    events += forEachLogEvent(page, after, audit !== undefined, (row) => {
      const event = upcastEvent(row.type, row.schemaVersion, row.payload);
      let folded = streams.get(row.streamId);
      if (!folded) {
        const userId = isAccountStream(row.streamId) ? String(userIdOfStream(row.streamId)) : null;
        folded = { userId, state: initialAccountState, version: 0, lastSeq: row.seq };
        streams.set(row.streamId, folded);
      }
      if (folded.userId !== null) {
        if (!isAccountEvent(event)) throw new Error(`${event.type} in account stream ${row.streamId}`);
        folded.state = evolve(folded.state, event);
      }
      folded.version += 1;
      folded.lastSeq = row.seq;
      const changes = projectEvent({ seq: row.seq, userId: folded.userId ?? '', occurredAt: row.occurredAt, event });
      if (audit === undefined) {
        batch.addAll(changes);
      } else {
        audit.event(row as AuditedLogEvent, event, folded.userId);
        for (const change of changes) {
          if (isSeqKeyed(change)) audit.seqKeyedRow(change);
          else batch.add(change);
        }
      }
      batched += 1;
      if (batched === batchEvents) {
        writes.add(batch);
        batch = new ProjectionBatch();
        batched = 0;
      }
    });
    writes.add(batch);
    if (audit) await audit.pageEnd(after, lastSeq);
    await writing;
    writing = writes.send(writer);
    writing.catch(() => undefined); // observed when awaited
    options.onPage?.(events);
  }
  await writing;
  const accounts = await writeHeads(reader, writer, tables, streams);
  return { events, accounts, lastSeq };
}

/** A page's writes, gathered from its batches: COPY text per table, and updates of earlier rows. */
class PageWrites {
  private readonly copies = new Map<string, string[]>();
  private readonly updates: Statement[] = [];

  constructor(private readonly tables: ReadModelTables) {}

  add(batch: ProjectionBatch): void {
    const { copies, updates } = buildReplayWrite(this.tables, batch);
    for (const copy of copies) {
      const parts = this.copies.get(copy.target);
      if (parts) parts.push(copy.rows);
      else this.copies.set(copy.target, [copy.rows]);
    }
    if (updates) this.updates.push(updates);
  }

  /** The copies, then the updates (of rows they or earlier pages wrote), one after another. */
  async send(writer: SqlQueryable): Promise<void> {
    for (const [target, parts] of this.copies) await writer.copyFrom(target, parts.join(''));
    for (const update of this.updates) await writer.query(update.text, update.params);
  }
}

/**
 * The heads of the replayed streams: accounts (their projection row from the fold, as the append writes
 * it) and the other streams' ledger_streams rows, each with the hash of its last event, found by seq.
 * Returns the number of accounts.
 */
async function writeHeads(
  reader: SqlQueryable,
  writer: SqlQueryable,
  tables: ReadModelTables,
  streams: Map<string, Folded>,
): Promise<number> {
  const all = [...streams.entries()];
  let accounts = 0;
  for (let start = 0; start < all.length; start += REPLAY_PAGE_SIZE) {
    const chunk = all.slice(start, start + REPLAY_PAGE_SIZE);
    const heads = await reader.query<{ seq: string; hash: string }>(
      'select seq::text as seq, hash from ledger_events where seq = any($1::int8[])',
      [chunk.map(([, folded]) => folded.lastSeq)],
    );
    const hashBySeq = new Map(heads.map((head) => [head.seq, head.hash]));
    const accountRows: AccountRow[] = [];
    const streamRows: StreamHeadRow[] = [];
    for (const [streamId, folded] of chunk) {
      const lastHash = hashBySeq.get(folded.lastSeq) ?? null;
      if (folded.userId !== null) accountRows.push(accountRowOf(folded.userId, folded.state, lastHash));
      else streamRows.push({ streamId, version: folded.version, lastHash: lastHash ?? '' });
    }
    accounts += accountRows.length;
    if (accountRows.length > 0) {
      const copy = buildAccountsCopy(tables, accountRows);
      await writer.copyFrom(copy.target, copy.rows);
    }
    if (streamRows.length > 0) {
      const copy = buildStreamHeadsCopy(tables, streamRows);
      await writer.copyFrom(copy.target, copy.rows);
    }
  }
  return accounts;
}

/**
 * `ledger replay`: empties the read models and rebuilds them from the log in one transaction (appends
 * wait for it). Admin notifications and idempotency records are not projections and are kept.
 */
export async function rebuildReadModels(
  sql: Sql,
  options: { onPage?: (eventsSoFar: number) => void } = {},
): Promise<ReplayResult> {
  const t = READ_MODEL_TABLES;
  return sql.transaction(async (tx) => {
    await tx.query(
      `truncate ${t.accounts}, ${t.streams}, ${t.depositRequests}, ${t.withdrawals}, ${t.deposits}, ${t.adminTransactions}, ${t.interestPayments}, ${t.approvals}`,
    );
    // The rows come from the log of existing users: skip the per-row foreign-key triggers for this
    // bulk load when the role may (superuser); otherwise they are simply checked.
    await tx.query('savepoint replay_fast_load');
    try {
      await tx.query('set local session_replication_role = replica');
    } catch {
      await tx.query('rollback to savepoint replay_fast_load');
    }
    // bulk load: secondary indexes are dropped and rebuilt once at the end (transactional DDL)
    const tables = [
      t.accounts,
      t.streams,
      t.depositRequests,
      t.withdrawals,
      t.deposits,
      t.adminTransactions,
      t.interestPayments,
      t.approvals,
    ];
    const indexes = await tx.query<{ name: string; definition: string }>(
      `select quote_ident(i.indexname) as name, i.indexdef as definition
         from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1::text[])
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [tables],
    );
    // ... and so are unique constraints other than primary keys (the page updates find rows by primary
    // key): checking interest_payments (user_id, accrual_date) row by row cost five times its rebuild
    const uniques = await tx.query<{ table: string; name: string; definition: string }>(
      `select c.conrelid::regclass::text as table, quote_ident(c.conname) as name,
              pg_get_constraintdef(c.oid) as definition
         from pg_constraint c
        where c.contype = 'u' and c.conrelid = any($1::regclass[])
          and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)`,
      [tables],
    );
    for (const index of indexes) await tx.query(`drop index ${index.name}`);
    for (const unique of uniques) await tx.query(`alter table ${unique.table} drop constraint ${unique.name}`);
    const result = await replayInto(sql, tx, t, options);
    for (const index of indexes) await tx.query(index.definition);
    for (const unique of uniques) {
      await tx.query(`alter table ${unique.table} add constraint ${unique.name} ${unique.definition}`);
    }
    return result;
  });
}
