import type { ReadModelTables } from './ledger-tables';
import type { ProjectionBatch } from './projection';

export interface PostingRow {
  eventSeq: string;
  line: number;
  account: string;
  amountCents: string;
}

export interface NotificationRow {
  type: 'deposit_request' | 'withdrawal_request';
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

type SqlType = 'int2' | 'int8' | 'text' | 'date' | 'numeric';

/** A column of a written table: how to read its value off a row, and its SQL type. */
type Column<R> = [(row: R) => string | number | null, SqlType] | [(row: R) => Date | null, 'timestamptz'];

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
 * Postings, projection rows and notifications of any number of events as ONE statement: each table's
 * rows go in as arrays (unnest), one data-modifying CTE per table. Returns null when there is nothing.
 */
export function buildWriteStatement(parts: WriteParts): Statement | null {
  const params: unknown[] = [];
  /**
   * The rows as `select ... from unnest(<one array parameter per column>)`. Timestamps travel as epoch
   * milliseconds (exact: JS dates hold whole milliseconds) and are turned back with integer arithmetic;
   * why: ISO text cost a toISOString per value here and a date-time parse per value in PostgreSQL.
   */
  const rowsOf = <R>(rows: R[], columns: Column<R>[]): string => {
    const arrays: string[] = [];
    const values: string[] = [];
    for (const column of columns) {
      const name = `c${values.length}`;
      if (column[1] === 'timestamptz') {
        const get = column[0];
        params.push(arrayLiteral(rows, (row) => epochMsOf(get(row))));
        arrays.push(`$${params.length}::int8[]`);
        values.push(`timestamptz 'epoch' + ${name} * interval '1 millisecond'`);
      } else {
        const get = column[0];
        params.push(arrayLiteral(rows, (row) => textOf(get(row))));
        arrays.push(`$${params.length}::${column[1]}[]`);
        values.push(name);
      }
    }
    const names = values.map((_, i) => `c${i}`).join(', ');
    return `select ${values.join(', ')} from unnest(${arrays.join(', ')}) as v(${names})`;
  };
  const ctes: string[] = [];
  const { tables, batch } = parts;

  if (parts.postings && parts.postings.length > 0) {
    ctes.push(`insert into ledger_postings (event_seq, line, account, amount_cents)
      ${rowsOf(parts.postings, [
        [(r) => r.eventSeq, 'int8'],
        [(r) => r.line, 'int2'],
        [(r) => r.account, 'text'],
        [(r) => r.amountCents, 'int8'],
      ])}`);
  }
  if (parts.notifications && parts.notifications.length > 0) {
    ctes.push(`insert into admin_notifications (type, message, user_id, related_id)
      ${rowsOf(parts.notifications, [
        [(r) => r.type, 'text'],
        [(r) => r.message, 'text'],
        [(r) => r.userId, 'int8'],
        [(r) => r.relatedId, 'int8'],
      ])}`);
  }
  if (batch) {
    if (batch.depositRequestInserts.size > 0) {
      ctes.push(`insert into ${tables.depositRequests} (id, user_id, amount_cents, status, requested_at, processed_at)
        ${rowsOf(
          [...batch.depositRequestInserts.values()],
          [
            [(r) => r.id, 'int8'],
            [(r) => r.userId, 'int8'],
            [(r) => r.amountCents, 'int8'],
            [(r) => r.status, 'text'],
            [(r) => r.requestedAt, 'timestamptz'],
            [(r) => r.processedAt, 'timestamptz'],
          ],
        )}`);
    }
    if (batch.depositRequestUpdates.size > 0) {
      ctes.push(`update ${tables.depositRequests} t set
          amount_cents = coalesce(v.amount_cents, t.amount_cents),
          status = coalesce(v.status, t.status),
          processed_at = coalesce(v.processed_at, t.processed_at)
        from (${rowsOf(
          [...batch.depositRequestUpdates.entries()],
          [
            [([id]) => id, 'int8'],
            [([, set]) => set.amountCents ?? null, 'int8'],
            [([, set]) => set.status ?? null, 'text'],
            [([, set]) => set.processedAt ?? null, 'timestamptz'],
          ],
        )}) as v(id, amount_cents, status, processed_at)
        where t.id = v.id`);
    }
    if (batch.withdrawalInserts.size > 0) {
      ctes.push(`insert into ${tables.withdrawals}
          (id, user_id, amount_cents, status, requested_at, processed_at, completed_at)
        ${rowsOf(
          [...batch.withdrawalInserts.values()],
          [
            [(r) => r.id, 'int8'],
            [(r) => r.userId, 'int8'],
            [(r) => r.amountCents, 'int8'],
            [(r) => r.status, 'text'],
            [(r) => r.requestedAt, 'timestamptz'],
            [(r) => r.processedAt, 'timestamptz'],
            [(r) => r.completedAt, 'timestamptz'],
          ],
        )}`);
    }
    if (batch.withdrawalUpdates.size > 0) {
      ctes.push(`update ${tables.withdrawals} t set
          amount_cents = coalesce(v.amount_cents, t.amount_cents),
          status = coalesce(v.status, t.status),
          processed_at = coalesce(v.processed_at, t.processed_at),
          completed_at = coalesce(v.completed_at, t.completed_at)
        from (${rowsOf(
          [...batch.withdrawalUpdates.entries()],
          [
            [([id]) => id, 'int8'],
            [([, set]) => set.amountCents ?? null, 'int8'],
            [([, set]) => set.status ?? null, 'text'],
            [([, set]) => set.processedAt ?? null, 'timestamptz'],
            [([, set]) => set.completedAt ?? null, 'timestamptz'],
          ],
        )}) as v(id, amount_cents, status, processed_at, completed_at)
        where t.id = v.id`);
    }
    if (batch.deposits.length > 0) {
      ctes.push(`insert into ${tables.deposits}
          (id, user_id, amount_cents, reference_code, status, note, deposit_request_id, created_at)
        ${rowsOf(batch.deposits, [
          [(r) => r.id, 'int8'],
          [(r) => r.userId, 'int8'],
          [(r) => r.amountCents, 'int8'],
          [(r) => r.referenceCode, 'text'],
          [(r) => r.status, 'text'],
          [(r) => r.note, 'text'],
          [(r) => r.depositRequestId, 'int8'],
          [(r) => r.createdAt, 'timestamptz'],
        ])}`);
    }
    if (batch.adminTransactions.length > 0) {
      ctes.push(`insert into ${tables.adminTransactions}
          (id, user_id, admin_id, kind, type, amount_cents, balance_before_cents, balance_after_cents, note, created_at)
        ${rowsOf(batch.adminTransactions, [
          [(r) => r.id, 'int8'],
          [(r) => r.userId, 'int8'],
          [(r) => r.adminId, 'int8'],
          [(r) => r.kind, 'text'],
          [(r) => r.type, 'text'],
          [(r) => r.amountCents, 'int8'],
          [(r) => r.balanceBeforeCents, 'int8'],
          [(r) => r.balanceAfterCents, 'int8'],
          [(r) => r.note, 'text'],
          [(r) => r.createdAt, 'timestamptz'],
        ])}`);
    }
    if (batch.interestPayments.length > 0) {
      ctes.push(`insert into ${tables.interestPayments}
          (id, user_id, accrual_date, balance_cents, interest_rate, interest_cents, payment_date, status)
        ${rowsOf(batch.interestPayments, [
          [(r) => r.id, 'int8'],
          [(r) => r.userId, 'int8'],
          [(r) => r.accrualDate, 'date'],
          [(r) => r.balanceCents, 'int8'],
          [(r) => r.interestRate, 'numeric'],
          [(r) => r.interestCents, 'int8'],
          [(r) => r.paymentDate, 'timestamptz'],
          [(r) => r.status, 'text'],
        ])}`);
    }
  }
  if (ctes.length === 0) return null;
  if (ctes.length === 1) return { text: ctes[0], params };
  return { text: `with ${ctes.map((cte, i) => `w${i} as (${cte})`).join(', ')} select 1`, params };
}
