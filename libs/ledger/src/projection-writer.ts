import { postingsOf, type LedgerEvent } from '@savings/domain';
import { isAccountStream, userIdOfStream } from './event-hash';
import { READ_MODEL_TABLES, type ReadModelTables } from './ledger-tables';
import { ProjectionBatch, projectEvent, type AccountRow } from './projection';

export interface PostingRow {
  eventSeq: string;
  line: number;
  account: string;
  amountCents: string;
}

export interface NotificationRow {
  type: 'deposit_request' | 'withdrawal_request' | 'approval_request' | 'withdrawal_returned';
  message: string;
  userId: string;
  relatedId: string;
}

export interface WriteParts {
  tables: ReadModelTables;
  postings?: PostingRow[];
  batch?: ProjectionBatch;
  notifications?: NotificationRow[];
}

export interface Statement {
  text: string;
  params: unknown[];
}

type SqlType = 'int2' | 'int4' | 'int8' | 'text' | 'date' | 'numeric';

/** A column of a written table: its name, how to read its value off a row, and its SQL type. */
type Column<R> =
  | [name: string, get: (row: R) => string | number | null, type: SqlType]
  | [name: string, get: (row: R) => Date | null, type: 'timestamptz'];

/**
 * The columns of `accounts` (the account projection row), in one list: the append writes them when it
 * moves an account's head, replay when it loads the folded accounts. A new account column is a
 * migration, a field of AccountRow and a line here.
 */
export const ACCOUNT_ROW_COLUMNS: [name: string, get: (row: AccountRow) => string | number | null, type: SqlType][] = [
  ['user_id', (r) => r.userId, 'int8'],
  ['version', (r) => r.version, 'int4'],
  ['balance_cents', (r) => r.balanceCents, 'int8'],
  ['held_cents', (r) => r.heldCents, 'int8'],
  ['interest_carry', (r) => r.interestCarry, 'int4'],
  ['last_accrual_date', (r) => r.lastAccrualDate, 'date'],
  ['pending_deposit_requests', (r) => r.pendingDepositRequests, 'int4'],
  ['pending_withdrawals', (r) => r.pendingWithdrawals, 'int4'],
  ['last_hash', (r) => r.lastHash, 'text'],
];

/** A non-account stream's head (ledger_streams): its version and the hash of its last event. */
export interface StreamHeadRow {
  streamId: string;
  version: number;
  lastHash: string;
}

/** Rows bound for one table, with the one list of its columns both encodings below use. */
interface TableRows<R> {
  table: string;
  rows: R[];
  columns: Column<R>[];
}

/** A table's inserts, as a statement for appends or as COPY rows for replay. */
interface TableInsert {
  statement(params: unknown[]): string;
  copy(): { target: string; rows: string };
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * One column of rows as a PostgreSQL array literal, every element quoted (so no value can split or
 * shape the array) and null as NULL. Why not pass a JS array: the driver's generic array escaping
 * (two regex replaces and a type dispatch per element) cost more CPU than PostgreSQL's whole insert
 * in a replay; this is one pass that escapes only the rare element holding a quote or backslash.
 */
function arrayLiteral<R>(rows: readonly R[], text: (row: R) => string | null): string {
  const elements = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const value = text(rows[i]);
    if (value === null) elements[i] = 'NULL';
    else elements[i] = NEEDS_ESCAPE.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : `"${value}"`;
  }
  return `{${elements.join(',')}}`;
}

const textOf = (value: string | number | null): string | null => (value === null ? null : String(value));
const epochMsOf = (date: Date | null): string | null => (date === null ? null : String(date.getTime()));

/**
 * The rows as `select ... from unnest(<one array parameter per column>)`, parameters appended to
 * `params`. Timestamps travel as epoch milliseconds (exact: JS dates hold whole milliseconds) and are
 * turned back with integer arithmetic; why: ISO text cost a toISOString per value here and a
 * date-time parse per value in PostgreSQL.
 */
function selectRows<R>(rows: R[], columns: Column<R>[], params: unknown[]): string {
  const arrays: string[] = [];
  const values: string[] = [];
  for (const column of columns) {
    const name = `c${values.length}`;
    if (column[2] === 'timestamptz') {
      const get = column[1];
      params.push(arrayLiteral(rows, (row) => epochMsOf(get(row))));
      arrays.push(`$${params.length}::int8[]`);
      values.push(`timestamptz 'epoch' + ${name} * interval '1 millisecond'`);
    } else {
      const get = column[1];
      params.push(arrayLiteral(rows, (row) => textOf(get(row))));
      arrays.push(`$${params.length}::${column[2]}[]`);
      values.push(name);
    }
  }
  const names = values.map((_, i) => `c${i}`).join(', ');
  return `select ${values.join(', ')} from unnest(${arrays.join(', ')}) as v(${names})`;
}

const insertStatement = <R>({ table, rows, columns }: TableRows<R>, params: unknown[]): string =>
  `insert into ${table} (${columns.map(([name]) => name).join(', ')}) ${selectRows(rows, columns, params)}`;

const COPY_NEEDS_ESCAPE = /[\\\n\r\t]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in COPY's text format: \N for null; backslash, newline, return and tab escaped. */
function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  return COPY_NEEDS_ESCAPE.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]) : text;
}

/**
 * Timestamps in COPY's text format (ISO), remembering the last one: the events of an interest batch
 * or of one command share their time, so runs of rows repeat it.
 */
function copyTimestamps(): (date: Date | null) => string {
  let lastMs = NaN;
  let lastText = '';
  return (date) => {
    if (date === null) return '\\N';
    const ms = date.getTime();
    if (ms !== lastMs) {
      lastMs = ms;
      lastText = date.toISOString();
    }
    return lastText;
  };
}

/** The rows in COPY's text format, and the `table (columns)` they go to. */
function copyRows<R>({ table, rows, columns }: TableRows<R>): { target: string; rows: string } {
  const encoders = columns.map((column): ((row: R) => string) => {
    if (column[2] === 'timestamptz') {
      const [, get] = column;
      const timestamp = copyTimestamps();
      return (row) => timestamp(get(row));
    }
    const [, get] = column;
    return (row) => copyText(get(row));
  });
  const lines = new Array<string>(rows.length);
  const fields = new Array<string>(columns.length);
  for (let i = 0; i < rows.length; i += 1) {
    for (let c = 0; c < encoders.length; c += 1) fields[c] = encoders[c](rows[i]);
    lines[i] = fields.join('\t');
  }
  return { target: `${table} (${columns.map(([name]) => name).join(', ')})`, rows: `${lines.join('\n')}\n` };
}

/** The inserts of a batch, table by table (tables without rows left out). */
function batchInserts(tables: ReadModelTables, batch: ProjectionBatch): TableInsert[] {
  const inserts: TableInsert[] = [];
  const add = <R>(table: string, rows: R[], columns: Column<R>[]) => {
    if (rows.length === 0) return;
    inserts.push({
      statement: (params) => insertStatement({ table, rows, columns }, params),
      copy: () => copyRows({ table, rows, columns }),
    });
  };
  add(
    tables.depositRequests,
    [...batch.depositRequestInserts.values()],
    [
      ['id', (r) => r.id, 'int8'],
      ['user_id', (r) => r.userId, 'int8'],
      ['amount_cents', (r) => r.amountCents, 'int8'],
      ['status', (r) => r.status, 'text'],
      ['requested_at', (r) => r.requestedAt, 'timestamptz'],
      ['processed_at', (r) => r.processedAt, 'timestamptz'],
    ],
  );
  add(
    tables.withdrawals,
    [...batch.withdrawalInserts.values()],
    [
      ['id', (r) => r.id, 'int8'],
      ['user_id', (r) => r.userId, 'int8'],
      ['amount_cents', (r) => r.amountCents, 'int8'],
      ['status', (r) => r.status, 'text'],
      ['requested_at', (r) => r.requestedAt, 'timestamptz'],
      ['processed_at', (r) => r.processedAt, 'timestamptz'],
      ['completed_at', (r) => r.completedAt, 'timestamptz'],
      ['approved_banking_fingerprint', (r) => r.approvedBankingFingerprint, 'text'],
      ['returned_at', (r) => r.returnedAt, 'timestamptz'],
      ['return_reason', (r) => r.returnReason, 'text'],
    ],
  );
  add(tables.deposits, batch.deposits, [
    ['id', (r) => r.id, 'int8'],
    ['user_id', (r) => r.userId, 'int8'],
    ['amount_cents', (r) => r.amountCents, 'int8'],
    ['reference_code', (r) => r.referenceCode, 'text'],
    ['status', (r) => r.status, 'text'],
    ['note', (r) => r.note, 'text'],
    ['deposit_request_id', (r) => r.depositRequestId, 'int8'],
    ['created_at', (r) => r.createdAt, 'timestamptz'],
    ['bank_statement_line_id', (r) => r.bankStatementLineId, 'int8'],
  ]);
  add(tables.adminTransactions, batch.adminTransactions, [
    ['id', (r) => r.id, 'int8'],
    ['user_id', (r) => r.userId, 'int8'],
    ['admin_id', (r) => r.adminId, 'int8'],
    ['kind', (r) => r.kind, 'text'],
    ['type', (r) => r.type, 'text'],
    ['amount_cents', (r) => r.amountCents, 'int8'],
    ['balance_before_cents', (r) => r.balanceBeforeCents, 'int8'],
    ['balance_after_cents', (r) => r.balanceAfterCents, 'int8'],
    ['note', (r) => r.note, 'text'],
    ['created_at', (r) => r.createdAt, 'timestamptz'],
  ]);
  add(tables.interestPayments, batch.interestPayments, [
    ['id', (r) => r.id, 'int8'],
    ['user_id', (r) => r.userId, 'int8'],
    ['accrual_date', (r) => r.accrualDate, 'date'],
    ['balance_cents', (r) => r.balanceCents, 'int8'],
    ['interest_rate', (r) => r.interestRate, 'numeric'],
    ['interest_cents', (r) => r.interestCents, 'int8'],
    ['payment_date', (r) => r.paymentDate, 'timestamptz'],
    ['status', (r) => r.status, 'text'],
  ]);
  add(
    tables.approvals,
    [...batch.approvalInserts.values()],
    [
      ['id', (r) => r.id, 'int8'],
      ['kind', (r) => r.kind, 'text'],
      ['status', (r) => r.status, 'text'],
      ['user_id', (r) => r.userId, 'int8'],
      ['amount_cents', (r) => r.amountCents, 'int8'],
      ['deposit_request_id', (r) => r.depositRequestId, 'int8'],
      ['withdrawal_id', (r) => r.withdrawalId, 'int8'],
      ['note', (r) => r.note, 'text'],
      ['requested_by', (r) => r.requestedBy, 'int8'],
      ['requested_at', (r) => r.requestedAt, 'timestamptz'],
      ['decided_by', (r) => r.decidedBy, 'int8'],
      ['decided_at', (r) => r.decidedAt, 'timestamptz'],
      ['reason', (r) => r.reason, 'text'],
      ['bank_statement_line_id', (r) => r.bankStatementLineId, 'int8'],
    ],
  );
  return inserts;
}

/** Updates of rows inserted by earlier statements, as statements for CTEs (parameters appended). */
function batchUpdates(tables: ReadModelTables, batch: ProjectionBatch, params: unknown[]): string[] {
  const updates: string[] = [];
  if (batch.depositRequestUpdates.size > 0) {
    updates.push(`update ${tables.depositRequests} t set
        amount_cents = coalesce(v.amount_cents, t.amount_cents),
        status = coalesce(v.status, t.status),
        processed_at = coalesce(v.processed_at, t.processed_at)
      from (${selectRows(
        [...batch.depositRequestUpdates.entries()],
        [
          ['id', ([id]) => id, 'int8'],
          ['amount_cents', ([, set]) => set.amountCents ?? null, 'int8'],
          ['status', ([, set]) => set.status ?? null, 'text'],
          ['processed_at', ([, set]) => set.processedAt ?? null, 'timestamptz'],
        ],
        params,
      )}) as v(id, amount_cents, status, processed_at)
      where t.id = v.id`);
  }
  if (batch.withdrawalUpdates.size > 0) {
    updates.push(`update ${tables.withdrawals} t set
        amount_cents = coalesce(v.amount_cents, t.amount_cents),
        status = coalesce(v.status, t.status),
        processed_at = coalesce(v.processed_at, t.processed_at),
        completed_at = coalesce(v.completed_at, t.completed_at),
        approved_banking_fingerprint = coalesce(v.approved_banking_fingerprint, t.approved_banking_fingerprint),
        returned_at = coalesce(v.returned_at, t.returned_at),
        return_reason = coalesce(v.return_reason, t.return_reason)
      from (${selectRows(
        [...batch.withdrawalUpdates.entries()],
        [
          ['id', ([id]) => id, 'int8'],
          ['amount_cents', ([, set]) => set.amountCents ?? null, 'int8'],
          ['status', ([, set]) => set.status ?? null, 'text'],
          ['processed_at', ([, set]) => set.processedAt ?? null, 'timestamptz'],
          ['completed_at', ([, set]) => set.completedAt ?? null, 'timestamptz'],
          ['approved_banking_fingerprint', ([, set]) => set.approvedBankingFingerprint ?? null, 'text'],
          ['returned_at', ([, set]) => set.returnedAt ?? null, 'timestamptz'],
          ['return_reason', ([, set]) => set.returnReason ?? null, 'text'],
        ],
        params,
      )}) as v(id, amount_cents, status, processed_at, completed_at, approved_banking_fingerprint, returned_at,
               return_reason)
      where t.id = v.id`);
  }
  if (batch.approvalUpdates.size > 0) {
    updates.push(`update ${tables.approvals} t set
        status = coalesce(v.status, t.status),
        decided_by = coalesce(v.decided_by, t.decided_by),
        decided_at = coalesce(v.decided_at, t.decided_at),
        reason = coalesce(v.reason, t.reason)
      from (${selectRows(
        [...batch.approvalUpdates.entries()],
        [
          ['id', ([id]) => id, 'int8'],
          ['status', ([, set]) => set.status ?? null, 'text'],
          ['decided_by', ([, set]) => set.decidedBy ?? null, 'int8'],
          ['decided_at', ([, set]) => set.decidedAt ?? null, 'timestamptz'],
          ['reason', ([, set]) => set.reason ?? null, 'text'],
        ],
        params,
      )}) as v(id, status, decided_by, decided_at, reason)
      where t.id = v.id`);
  }
  return updates;
}

/** Statements as one: data-modifying CTEs when there are several. Null when there are none. */
function asOneStatement(statements: string[], params: unknown[]): Statement | null {
  if (statements.length === 0) return null;
  if (statements.length === 1) return { text: statements[0], params };
  return { text: `with ${statements.map((cte, i) => `w${i} as (${cte})`).join(', ')} select 1`, params };
}

/**
 * Postings, projection rows and notifications of any number of events as ONE statement: each table's
 * rows go in as arrays (unnest), one data-modifying CTE per table. Returns null when there is nothing.
 */
export function buildWriteStatement(parts: WriteParts): Statement | null {
  const params: unknown[] = [];
  const statements: string[] = [];
  if (parts.postings && parts.postings.length > 0) {
    const columns: Column<PostingRow>[] = [
      ['event_seq', (r) => r.eventSeq, 'int8'],
      ['line', (r) => r.line, 'int2'],
      ['account', (r) => r.account, 'text'],
      ['amount_cents', (r) => r.amountCents, 'int8'],
    ];
    statements.push(insertStatement({ table: 'ledger_postings', rows: parts.postings, columns }, params));
  }
  if (parts.notifications && parts.notifications.length > 0) {
    const columns: Column<NotificationRow>[] = [
      ['type', (r) => r.type, 'text'],
      ['message', (r) => r.message, 'text'],
      ['user_id', (r) => r.userId, 'int8'],
      ['related_id', (r) => r.relatedId, 'int8'],
    ];
    statements.push(insertStatement({ table: 'admin_notifications', rows: parts.notifications, columns }, params));
  }
  if (parts.batch) {
    for (const insert of batchInserts(parts.tables, parts.batch)) statements.push(insert.statement(params));
    statements.push(...batchUpdates(parts.tables, parts.batch, params));
  }
  return asOneStatement(statements, params);
}

/**
 * A replay page's writes: its inserts as COPY text per table, and its updates of rows from earlier
 * pages as one statement. Why COPY here and not for appends: per row it costs PostgreSQL about half
 * of an insert from unnest arrays, which matters for a million rows and not for an append's few;
 * it cannot be one statement with the rest, so appends keep their single round trip.
 */
export function buildReplayWrite(
  tables: ReadModelTables,
  batch: ProjectionBatch,
): { copies: { target: string; rows: string }[]; updates: Statement | null } {
  const params: unknown[] = [];
  return {
    copies: batchInserts(tables, batch).map((insert) => insert.copy()),
    updates: asOneStatement(batchUpdates(tables, batch, params), params),
  };
}

/** What the derived writes read of an appended event. */
export interface DerivingEvent {
  seq: string;
  streamId: string;
  occurredAt: Date;
  event: LedgerEvent;
}

/**
 * Statement 2 of an append: postings, read-model rows (projectEvent) and notifications of the appended
 * events, all derived from them, as one statement; null when there is nothing to write.
 */
export function buildDerivedStatement(
  appended: DerivingEvent[],
  notifications: NotificationRow[] = [],
): Statement | null {
  const postings: PostingRow[] = [];
  const batch = new ProjectionBatch();
  for (const event of appended) {
    // events of other streams (approvals) name the customer in their payload, if any
    const userId = isAccountStream(event.streamId) ? String(userIdOfStream(event.streamId)) : '';
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

/** Replay's load of the folded accounts: their rows in COPY's text format. */
export function buildAccountsCopy(tables: ReadModelTables, rows: AccountRow[]): { target: string; rows: string } {
  return copyRows({ table: tables.accounts, rows, columns: ACCOUNT_ROW_COLUMNS });
}

/** Replay's load of the other streams' heads (ledger_streams) in COPY's text format. */
export function buildStreamHeadsCopy(tables: ReadModelTables, rows: StreamHeadRow[]): { target: string; rows: string } {
  return copyRows({
    table: tables.streams,
    rows,
    columns: [
      ['stream_id', (r) => r.streamId, 'text'],
      ['version', (r) => r.version, 'int4'],
      ['last_hash', (r) => r.lastHash, 'text'],
    ],
  });
}
