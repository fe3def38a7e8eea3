import { DomainError } from '@savings/domain';
import {
  ACCOUNT_COLUMNS,
  accountRowFrom,
  ensureAccountRow,
  isoUtcSql,
  type AccountRow,
  type AccountRowRecord,
} from '@savings/ledger';
import type { Sql } from '@savings/database';
import type { AccountHolder, AccountTarget, TargetedRequest } from './account-ledger';

/** What a target resolves to: the account's holder and row, and the targeted request's row. */
export interface LoadedTarget {
  kind: 'user' | 'withdrawal' | 'depositRequest';
  holder: AccountHolder;
  row: AccountRow;
  request: TargetedRequest | null;
}

type TargetRow = Omit<AccountRowRecord, 'user_id'> & {
  n: number;
  user_id: string | null;
  uid: string;
  name: string;
  email: string;
  language: string;
  banking_details_changed_at: string | null;
  reference_code: string;
  beneficiary_name: string | null;
  iban: string | null;
  r_id: string | null;
  r_amount_cents: string | null;
  r_status: string | null;
  r_requested_at: string | null;
  r_processed_at: string | null;
  r_completed_at: string | null;
};

/**
 * The targets of a group of commands in one statement: each target (a user, a withdrawal or a deposit
 * request) with its account's holder, projection row and the targeted request. A target that does not
 * exist resolves to its DomainError (404). A user without an account row yet gets one (version 0).
 */
export async function loadTargets(sql: Sql, targets: AccountTarget[]): Promise<(LoadedTarget | DomainError)[]> {
  for (let pass = 0; pass < 2; pass += 1) {
    const rows = await sql.query<TargetRow>(TARGETS_STATEMENT, [
      targets.map((target) => ('userId' in target ? 'u' : 'withdrawalId' in target ? 'w' : 'd')),
      targets.map((target) =>
        'userId' in target ? target.userId : 'withdrawalId' in target ? target.withdrawalId : target.depositRequestId,
      ),
    ]);
    const missingAccounts = rows.filter((row) => row.user_id === null).map((row) => Number(row.uid));
    if (missingAccounts.length > 0 && pass === 0) {
      for (const userId of new Set(missingAccounts)) await ensureAccountRow(sql, userId);
      continue;
    }
    const byIndex = new Map(rows.map((row) => [row.n, row]));
    return targets.map((target, index) => {
      const row = byIndex.get(index + 1);
      if (!row || row.user_id === null) return notFound(target);
      return {
        kind: 'userId' in target ? 'user' : 'withdrawalId' in target ? 'withdrawal' : 'depositRequest',
        ...loadedOf(row),
      };
    });
  }
  throw new Error('account rows could not be created');
}

function loadedOf(row: TargetRow): Omit<LoadedTarget, 'kind'> {
  return {
    holder: {
      id: Number(row.uid),
      name: row.name,
      email: row.email,
      language: row.language,
      referenceCode: row.reference_code,
      beneficiaryName: row.beneficiary_name,
      iban: row.iban,
      bankingDetailsChangedAt: row.banking_details_changed_at ? new Date(row.banking_details_changed_at) : null,
    },
    row: accountRowFrom(row as AccountRowRecord),
    request:
      row.r_id === null
        ? null
        : {
            id: Number(row.r_id),
            userId: Number(row.uid),
            amountCents: BigInt(row.r_amount_cents as string),
            status: row.r_status as string,
            requestedAt: new Date(row.r_requested_at as string),
            processedAt: row.r_processed_at ? new Date(row.r_processed_at) : null,
            completedAt: row.r_completed_at ? new Date(row.r_completed_at) : null,
          },
  };
}

function notFound(target: AccountTarget): DomainError {
  if ('userId' in target) return new DomainError('USER.NOT_FOUND', 'not_found', 'User not found');
  if ('withdrawalId' in target) return new DomainError('WITHDRAWAL.NOT_FOUND', 'not_found', 'Withdrawal not found');
  return new DomainError('DEPOSIT_REQUEST.NOT_FOUND', 'not_found', 'Deposit request not found');
}

/** Targets as (kind, id) pairs numbered from 1; a withdrawal or deposit request names its user. */
const TARGETS_STATEMENT = `
  select t.n::int4 as n, u.id::text as uid, u.name, u.email, u.language, u.reference_code, u.beneficiary_name, u.iban,
         ${isoUtcSql('u.banking_details_changed_at')} as banking_details_changed_at, ${ACCOUNT_COLUMNS},
         coalesce(w.id, d.id)::text as r_id, coalesce(w.amount_cents, d.amount_cents)::text as r_amount_cents,
         coalesce(w.status, d.status) as r_status,
         ${isoUtcSql('coalesce(w.requested_at, d.requested_at)')} as r_requested_at,
         ${isoUtcSql('coalesce(w.processed_at, d.processed_at)')} as r_processed_at,
         ${isoUtcSql('w.completed_at')} as r_completed_at
    from unnest($1::text[], $2::int8[]) with ordinality as t(kind, id, n)
    left join withdrawals w on t.kind = 'w' and w.id = t.id
    left join deposit_requests d on t.kind = 'd' and d.id = t.id
    join users u on u.id = case t.kind when 'u' then t.id when 'w' then w.user_id else d.user_id end
    left join accounts a on a.user_id = u.id`;
