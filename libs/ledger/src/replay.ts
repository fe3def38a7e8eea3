import { evolve, initialAccountState, upcastEvent, type AccountState } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import { userIdOfStream } from './event-hash';
import { READ_MODEL_TABLES, type ReadModelTables } from './ledger-tables';
import { ProjectionBatch, projectEvent } from './projection';
import { writeParts } from './projection-writer';

export const REPLAY_PAGE_SIZE = 10_000;

export interface ReplayResult {
  events: number;
  accounts: number;
  lastSeq: string;
}

interface EventRow {
  seq: string;
  stream_id: string;
  type: string;
  schema_version: number;
  payload: unknown;
  /** effective time in epoch milliseconds (cheaper to send and parse than text) */
  occurred_ms: number;
}

interface Folded {
  state: AccountState;
}

/** One page of the log after a seq, in order (keyset pagination: memory stays flat). */
export function readLogPage(reader: SqlQueryable, after: string, limit: number): Promise<EventRow[]> {
  return reader.query<EventRow>(
    `select seq::text as seq, stream_id, type, schema_version, payload,
            (extract(epoch from occurred_at) * 1000)::float8 as occurred_ms
       from ledger_events where seq > $1 order by ledger_events.seq limit $2`,
    [after, limit],
  );
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
  options: { pageSize?: number; onPage?: (eventsSoFar: number) => void } = {},
): Promise<ReplayResult> {
  const pageSize = options.pageSize ?? REPLAY_PAGE_SIZE;
  const accounts = new Map<string, Folded>();
  let lastSeq = '0';
  let events = 0;
  let next = readLogPage(reader, lastSeq, pageSize);
  // three pages in flight at most: one being read, one being folded, one being written
  let writing: Promise<void> = Promise.resolve();
  for (;;) {
    const page = await next;
    if (page.length === 0) break;
    lastSeq = page[page.length - 1].seq;
    next = readLogPage(reader, lastSeq, pageSize);
    next.catch(() => undefined); // observed when awaited above
    const batch = new ProjectionBatch();
    for (const row of page) {
      const userId = String(userIdOfStream(row.stream_id));
      const event = upcastEvent(row.type, row.schema_version, row.payload);
      const folded = accounts.get(userId);
      accounts.set(userId, { state: evolve(folded ? folded.state : initialAccountState, event) });
      batch.addAll(projectEvent({ seq: row.seq, userId, occurredAt: new Date(row.occurred_ms), event }));
    }
    await writing;
    writing = writeParts(writer, { tables, batch });
    writing.catch(() => undefined); // observed when awaited
    events += page.length;
    options.onPage?.(events);
  }
  await writing;
  await writeAccounts(reader, writer, tables, accounts, lastSeq);
  return { events, accounts: accounts.size, lastSeq };
}

async function writeAccounts(
  reader: SqlQueryable,
  writer: SqlQueryable,
  tables: ReadModelTables,
  accounts: Map<string, Folded>,
  upToSeq: string,
) {
  const entries = [...accounts.entries()];
  for (let start = 0; start < entries.length; start += REPLAY_PAGE_SIZE) {
    const chunk = entries.slice(start, start + REPLAY_PAGE_SIZE);
    // the head of each stream's hash chain, as of the last replayed event
    const heads = await reader.query<{ user_id: string; hash: string }>(
      `select distinct on (e.stream_id) substr(e.stream_id, 9) as user_id, e.hash
         from ledger_events e
        where e.stream_id = any($1::text[]) and e.seq <= $2
        order by e.stream_id, e.version desc`,
      [chunk.map(([userId]) => `account-${userId}`), upToSeq],
    );
    const hashByUser = new Map(heads.map((head) => [head.user_id, head.hash]));
    await writer.query(
      `insert into ${tables.accounts}
         (user_id, version, balance_cents, held_cents, interest_carry, last_accrual_date, last_hash, updated_at)
       select *, now() from unnest($1::int8[], $2::int4[], $3::int8[], $4::int8[], $5::int4[], $6::date[], $7::text[])`,
      [
        chunk.map(([userId]) => userId),
        chunk.map(([, f]) => f.state.version),
        chunk.map(([, f]) => String(f.state.balanceCents)),
        chunk.map(([, f]) => String(f.state.heldCents)),
        chunk.map(([, f]) => f.state.interestCarry),
        chunk.map(([, f]) => f.state.lastAccrualDate),
        chunk.map(([userId]) => hashByUser.get(userId) ?? null),
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
    const indexes = await tx.query<{ name: string; definition: string }>(
      `select quote_ident(i.indexname) as name, i.indexdef as definition
         from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1::text[])
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [[t.accounts, t.depositRequests, t.withdrawals, t.deposits, t.adminTransactions, t.interestPayments]],
    );
    for (const index of indexes) await tx.query(`drop index ${index.name}`);
    const result = await replayInto(sql, tx, t, options);
    for (const index of indexes) await tx.query(index.definition);
    return result;
  });
}
