import type { SqlQueryable } from '@savings/database';
import { ACCOUNT_ROW_COLUMNS } from './projection-writer';
import type { AccountRow } from './projection';

/**
 * Reading account projection rows back: the select list (`a` is the accounts table's alias) and the
 * row it yields, so a loader reads exactly the columns the append writes (ACCOUNT_ROW_COLUMNS).
 * Bigints come back as text, dates as YYYY-MM-DD.
 */
export const ACCOUNT_COLUMNS = ACCOUNT_ROW_COLUMNS.map(([name, , type]) => {
  if (type === 'int8') return `a.${name}::text as ${name}`;
  if (type === 'date') return `to_char(a.${name}, 'YYYY-MM-DD') as ${name}`;
  return `a.${name}`;
}).join(', ');

/** A row selected with ACCOUNT_COLUMNS. */
export interface AccountRowRecord {
  user_id: string;
  version: number;
  balance_cents: string;
  held_cents: string;
  interest_carry: number;
  last_accrual_date: string | null;
  pending_deposit_requests: number;
  pending_withdrawals: number;
  last_hash: string | null;
}

export function accountRowFrom(record: AccountRowRecord): AccountRow {
  return {
    userId: record.user_id,
    version: record.version,
    balanceCents: record.balance_cents,
    heldCents: record.held_cents,
    interestCarry: record.interest_carry,
    lastAccrualDate: record.last_accrual_date,
    pendingDepositRequests: record.pending_deposit_requests,
    pendingWithdrawals: record.pending_withdrawals,
    lastHash: record.last_hash,
  };
}

/** Creates the account row of an existing user when it is missing (first command on the account). */
export async function ensureAccountRow(q: SqlQueryable, userId: number): Promise<void> {
  await q.query('insert into accounts (user_id) select id from users where id = $1 on conflict do nothing', [userId]);
}
