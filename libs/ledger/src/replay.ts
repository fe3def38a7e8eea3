import { evolve, initialAccountState, upcastEvent, type AccountState } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import { isoUtcSql, userIdOfStream } from './event-hash';
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
  occurred_at: string;
  hash: string;
}

interface Folded {
  state: AccountState;
  lastHash: string;
}

/** One page of the log after a seq, in order (keyset pagination: memory stays flat). */
export function readLogPage(reader: SqlQueryable, after: string, limit: number): Promise<EventRow[]> {
  return reader.query<EventRow>(
    `select seq::text as seq, stream_id, type, schema_version, payload, ${isoUtcSql('occurred_at')} as occurred_at, hash
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
  for (;;) {
    const page = await next;
    if (page.length === 0) break;
    lastSeq = page[page.length - 1].seq;
    next = readLogPage(reader, lastSeq, pageSize);
    const batch = new ProjectionBatch();
    for (const row of page) {
      const userId = String(userIdOfStream(row.stream_id));
      const event = upcastEvent(row.type, row.schema_version, row.payload);
      const folded = accounts.get(userId);
      accounts.set(userId, { state: evolve(folded ? folded.state : initialAccountState, event), lastHash: row.hash });
      batch.addAll(projectEvent({ seq: row.seq, userId, occurredAt: new Date(row.occurred_at), event }));
    }
    await writeParts(writer, { tables, batch });
    events += page.length;
    options.onPage?.(events);
  }
  await next.catch(() => undefined);
  await writeAccounts(writer, tables, accounts);
  return { events, accounts: accounts.size, lastSeq };
}

async function writeAccounts(writer: SqlQueryable, tables: ReadModelTables, accounts: Map<string, Folded>) {
  const entries = [...accounts.entries()];
  for (let start = 0; start < entries.length; start += REPLAY_PAGE_SIZE) {
    const chunk = entries.slice(start, start + REPLAY_PAGE_SIZE);
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
        chunk.map(([, f]) => f.lastHash),
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
    return replayInto(sql, tx, t, options);
  });
}
