import type { SqlQueryable } from '@savings/database';
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

type Column<R> = [(row: R) => unknown, string];

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/**
 * Postings, projection rows and notifications of any number of events as ONE statement: each table's
 * rows go in as arrays (unnest), one data-modifying CTE per table. Returns null when there is nothing.
 */
export function buildWriteStatement(parts: WriteParts): Statement | null {
  const params: unknown[] = [];
  const arrays = <R>(rows: R[], columns: Column<R>[]): string =>
    columns
      .map(([get, type]) => {
        params.push(rows.map(get));
        return `$${params.length}::${type}[]`;
      })
      .join(', ');
  const ctes: string[] = [];
  const { tables, batch } = parts;

  if (parts.postings && parts.postings.length > 0) {
    ctes.push(`insert into ledger_postings (event_seq, line, account, amount_cents)
      select * from unnest(${arrays(parts.postings, [
        [(r) => r.eventSeq, 'int8'],
        [(r) => r.line, 'int2'],
        [(r) => r.account, 'text'],
        [(r) => r.amountCents, 'int8'],
      ])})`);
  }
  if (parts.notifications && parts.notifications.length > 0) {
    ctes.push(`insert into admin_notifications (type, message, user_id, related_id)
      select * from unnest(${arrays(parts.notifications, [
        [(r) => r.type, 'text'],
        [(r) => r.message, 'text'],
        [(r) => r.userId, 'int8'],
        [(r) => r.relatedId, 'int8'],
      ])})`);
  }
  if (batch) {
    if (batch.depositRequestInserts.size > 0) {
      ctes.push(`insert into ${tables.depositRequests} (id, user_id, amount_cents, status, requested_at, processed_at)
        select * from unnest(${arrays(
          [...batch.depositRequestInserts.values()],
          [
            [(r) => r.id, 'int8'],
            [(r) => r.userId, 'int8'],
            [(r) => r.amountCents, 'int8'],
            [(r) => r.status, 'text'],
            [(r) => iso(r.requestedAt), 'timestamptz'],
            [(r) => iso(r.processedAt), 'timestamptz'],
          ],
        )})`);
    }
    if (batch.depositRequestUpdates.size > 0) {
      ctes.push(`update ${tables.depositRequests} t set
          amount_cents = coalesce(v.amount_cents, t.amount_cents),
          status = coalesce(v.status, t.status),
          processed_at = coalesce(v.processed_at, t.processed_at)
        from unnest(${arrays(
          [...batch.depositRequestUpdates.entries()],
          [
            [([id]) => id, 'int8'],
            [([, set]) => set.amountCents ?? null, 'int8'],
            [([, set]) => set.status ?? null, 'text'],
            [([, set]) => iso(set.processedAt), 'timestamptz'],
          ],
        )}) as v(id, amount_cents, status, processed_at)
        where t.id = v.id`);
    }
    if (batch.withdrawalInserts.size > 0) {
      ctes.push(`insert into ${tables.withdrawals}
          (id, user_id, amount_cents, status, requested_at, processed_at, completed_at)
        select * from unnest(${arrays(
          [...batch.withdrawalInserts.values()],
          [
            [(r) => r.id, 'int8'],
            [(r) => r.userId, 'int8'],
            [(r) => r.amountCents, 'int8'],
            [(r) => r.status, 'text'],
            [(r) => iso(r.requestedAt), 'timestamptz'],
            [(r) => iso(r.processedAt), 'timestamptz'],
            [(r) => iso(r.completedAt), 'timestamptz'],
          ],
        )})`);
    }
    if (batch.withdrawalUpdates.size > 0) {
      ctes.push(`update ${tables.withdrawals} t set
          amount_cents = coalesce(v.amount_cents, t.amount_cents),
          status = coalesce(v.status, t.status),
          processed_at = coalesce(v.processed_at, t.processed_at),
          completed_at = coalesce(v.completed_at, t.completed_at)
        from unnest(${arrays(
          [...batch.withdrawalUpdates.entries()],
          [
            [([id]) => id, 'int8'],
            [([, set]) => set.amountCents ?? null, 'int8'],
            [([, set]) => set.status ?? null, 'text'],
            [([, set]) => iso(set.processedAt), 'timestamptz'],
            [([, set]) => iso(set.completedAt), 'timestamptz'],
          ],
        )}) as v(id, amount_cents, status, processed_at, completed_at)
        where t.id = v.id`);
    }
    if (batch.deposits.length > 0) {
      ctes.push(`insert into ${tables.deposits}
          (id, user_id, amount_cents, reference_code, status, note, deposit_request_id, created_at)
        select * from unnest(${arrays(batch.deposits, [
          [(r) => r.id, 'int8'],
          [(r) => r.userId, 'int8'],
          [(r) => r.amountCents, 'int8'],
          [(r) => r.referenceCode, 'text'],
          [(r) => r.status, 'text'],
          [(r) => r.note, 'text'],
          [(r) => r.depositRequestId, 'int8'],
          [(r) => iso(r.createdAt), 'timestamptz'],
        ])})`);
    }
    if (batch.adminTransactions.length > 0) {
      ctes.push(`insert into ${tables.adminTransactions}
          (id, user_id, admin_id, kind, type, amount_cents, balance_before_cents, balance_after_cents, note, created_at)
        select * from unnest(${arrays(batch.adminTransactions, [
          [(r) => r.id, 'int8'],
          [(r) => r.userId, 'int8'],
          [(r) => r.adminId, 'int8'],
          [(r) => r.kind, 'text'],
          [(r) => r.type, 'text'],
          [(r) => r.amountCents, 'int8'],
          [(r) => r.balanceBeforeCents, 'int8'],
          [(r) => r.balanceAfterCents, 'int8'],
          [(r) => r.note, 'text'],
          [(r) => iso(r.createdAt), 'timestamptz'],
        ])})`);
    }
    if (batch.interestPayments.length > 0) {
      ctes.push(`insert into ${tables.interestPayments}
          (id, user_id, accrual_date, balance_cents, interest_rate, interest_cents, payment_date, status)
        select * from unnest(${arrays(batch.interestPayments, [
          [(r) => r.id, 'int8'],
          [(r) => r.userId, 'int8'],
          [(r) => r.accrualDate, 'date'],
          [(r) => r.balanceCents, 'int8'],
          [(r) => r.interestRate, 'numeric'],
          [(r) => r.interestCents, 'int8'],
          [(r) => iso(r.paymentDate), 'timestamptz'],
          [(r) => r.status, 'text'],
        ])})`);
    }
  }
  if (ctes.length === 0) return null;
  if (ctes.length === 1) return { text: ctes[0], params };
  return { text: `with ${ctes.map((cte, i) => `w${i} as (${cte})`).join(', ')} select 1`, params };
}

export async function writeParts(q: SqlQueryable, parts: WriteParts): Promise<void> {
  const statement = buildWriteStatement(parts);
  if (statement) await q.query(statement.text, statement.params);
}
