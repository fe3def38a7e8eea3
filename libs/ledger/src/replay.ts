import { evolve, initialAccountState, upcastEvent, type AccountState } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import { userIdOfStream } from './event-hash';
import { READ_MODEL_TABLES, type ReadModelTables } from './ledger-tables';
import { ProjectionBatch, projectEvent } from './projection';
import { buildReplayWrite, type Statement } from './projection-writer';

export const REPLAY_PAGE_SIZE = 10_000;

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

interface LogEvent {
  seq: string;
  streamId: string;
  type: string;
  schemaVersion: number;
  /** effective time in epoch milliseconds */
  occurredMs: number;
  payload: unknown;
}

/** An account's stream as folded so far, and the seq of its last event (whose hash heads its chain). */
interface Folded {
  userId: string;
  state: AccountState;
  lastSeq: string;
}

/**
 * Up to `limit` events of the log after a seq (keyset pagination: memory stays flat) as ONE text, a
 * line per event: `seq TAB stream_id TAB type TAB schema_version TAB occurred_ms TAB payload`.
 * Why one text: the driver's per-row and per-column work (a message, strings and an object each) cost
 * more than the fold itself. stream_id and type go as JSON strings and the payload as JSON text, none
 * of which can hold a raw tab or newline, so no stored value can shift the fields. occurred_ms is exact
 * decimal text: Number() reads it as the double a float8 cast would give, a cast PostgreSQL then need
 * not pay per row. The lines are in seq order as the subquery delivers them (forEachLogEvent checks it
 * rather than paying for a sort).
 */
async function readLogPage(reader: SqlQueryable, after: string, limit: number): Promise<string | null> {
  const [row] = await reader.query<{ page: string | null }>(
    `select string_agg(concat_ws(E'\\t', seq, to_json(stream_id), to_json(type), schema_version,
              extract(epoch from occurred_at) * 1000, payload), E'\\n') as page
       from (select seq, stream_id, type, schema_version, occurred_at, payload from ledger_events
              where seq > $1 order by ledger_events.seq limit $2) e`,
    [after, limit],
  );
  return row.page;
}

/** A JSON string's value; the common case (no escapes) without a JSON.parse. */
const jsonString = (json: string): string => (json.includes('\\') ? (JSON.parse(json) as string) : json.slice(1, -1));

/** Whether decimal seq a comes after decimal seq b (exact for any length, unlike Number). */
const seqAfter = (a: string, b: string): boolean => a.length > b.length || (a.length === b.length && a > b);

/** The seq of a page's last event: the first field of its last line. */
function lastSeqOf(page: string): string {
  const lastLine = page.lastIndexOf('\n') + 1;
  return page.slice(lastLine, page.indexOf('\t', lastLine));
}

/**
 * Hands each event of a page to `visit`, parsed one at a time so it dies young (a page parsed up front
 * outlived garbage collections and made them several times dearer). Throws unless the seqs ascend
 * after `after`. Returns the number of events.
 */
function forEachLogEvent(page: string, after: string, visit: (event: LogEvent) => void): number {
  let previous = after;
  let count = 0;
  for (let start = 0; start < page.length; count += 1) {
    const newline = page.indexOf('\n', start);
    const end = newline < 0 ? page.length : newline;
    const t1 = page.indexOf('\t', start);
    const t2 = page.indexOf('\t', t1 + 1);
    const t3 = page.indexOf('\t', t2 + 1);
    const t4 = page.indexOf('\t', t3 + 1);
    const t5 = page.indexOf('\t', t4 + 1);
    const seq = page.slice(start, t1);
    if (!seqAfter(seq, previous)) throw new Error(`Log page out of order: seq ${seq} after ${previous}`);
    previous = seq;
    visit({
      seq,
      streamId: jsonString(page.slice(t1 + 1, t2)),
      type: jsonString(page.slice(t2 + 1, t3)),
      schemaVersion: Number(page.slice(t3 + 1, t4)),
      occurredMs: Number(page.slice(t4 + 1, t5)),
      payload: JSON.parse(page.slice(t5 + 1, end)),
    });
    start = end + 1;
  }
  return count;
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
  options: { pageSize?: number; batchEvents?: number; onPage?: (eventsSoFar: number) => void } = {},
): Promise<ReplayResult> {
  const pageSize = options.pageSize ?? REPLAY_PAGE_SIZE;
  const batchEvents = options.batchEvents ?? REPLAY_BATCH_EVENTS;
  const streams = new Map<string, Folded>();
  let lastSeq = '0';
  let events = 0;
  let next = readLogPage(reader, lastSeq, pageSize);
  // three pages in flight at most: one being read, one being folded, one being written
  let writing: Promise<void> = Promise.resolve();
  for (;;) {
    const page = await next;
    if (page === null) break;
    const after = lastSeq;
    lastSeq = lastSeqOf(page);
    next = readLogPage(reader, lastSeq, pageSize);
    next.catch(() => undefined); // observed when awaited above
    const writes = new PageWrites(tables);
    let batch = new ProjectionBatch();
    let batched = 0;
    events += forEachLogEvent(page, after, (row) => {
      const event = upcastEvent(row.type, row.schemaVersion, row.payload);
      let folded = streams.get(row.streamId);
      if (!folded) {
        folded = { userId: String(userIdOfStream(row.streamId)), state: initialAccountState, lastSeq: row.seq };
        streams.set(row.streamId, folded);
      }
      folded.state = evolve(folded.state, event);
      folded.lastSeq = row.seq;
      batch.addAll(projectEvent({ seq: row.seq, userId: folded.userId, occurredAt: new Date(row.occurredMs), event }));
      batched += 1;
      if (batched === batchEvents) {
        writes.add(batch);
        batch = new ProjectionBatch();
        batched = 0;
      }
    });
    writes.add(batch);
    await writing;
    writing = writes.send(writer);
    writing.catch(() => undefined); // observed when awaited
    options.onPage?.(events);
  }
  await writing;
  await writeAccounts(reader, writer, tables, [...streams.values()]);
  return { events, accounts: streams.size, lastSeq };
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

async function writeAccounts(reader: SqlQueryable, writer: SqlQueryable, tables: ReadModelTables, accounts: Folded[]) {
  for (let start = 0; start < accounts.length; start += REPLAY_PAGE_SIZE) {
    const chunk = accounts.slice(start, start + REPLAY_PAGE_SIZE);
    // the head of each stream's hash chain: the hash of its last replayed event, found by seq
    const heads = await reader.query<{ seq: string; hash: string }>(
      'select seq::text as seq, hash from ledger_events where seq = any($1::int8[])',
      [chunk.map((f) => f.lastSeq)],
    );
    const hashBySeq = new Map(heads.map((head) => [head.seq, head.hash]));
    await writer.query(
      `insert into ${tables.accounts}
         (user_id, version, balance_cents, held_cents, interest_carry, last_accrual_date, last_hash, updated_at)
       select *, now() from unnest($1::int8[], $2::int4[], $3::int8[], $4::int8[], $5::int4[], $6::date[], $7::text[])`,
      [
        chunk.map((f) => f.userId),
        chunk.map((f) => f.state.version),
        chunk.map((f) => String(f.state.balanceCents)),
        chunk.map((f) => String(f.state.heldCents)),
        chunk.map((f) => f.state.interestCarry),
        chunk.map((f) => f.state.lastAccrualDate),
        chunk.map((f) => hashBySeq.get(f.lastSeq) ?? null),
      ],
    );
  }
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
      `truncate ${t.accounts}, ${t.depositRequests}, ${t.withdrawals}, ${t.deposits}, ${t.adminTransactions}, ${t.interestPayments}`,
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
    const tables = [t.accounts, t.depositRequests, t.withdrawals, t.deposits, t.adminTransactions, t.interestPayments];
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
