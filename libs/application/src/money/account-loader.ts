import { DomainError, type ApprovalKind, type ApprovalState, type ApprovalStatus } from '@savings/domain';
import {
  ACCOUNT_COLUMNS,
  accountRowFrom,
  ensureAccountRow,
  isoUtcSql,
  type AccountRow,
  type AccountRowRecord,
} from '@savings/ledger';
import { holderDisplayName } from '@savings/contracts';
import type { Sql } from '@savings/database';
import type { AccountHolder, AccountTarget, TargetedRequest } from './account-ledger';

/** An approval's state and the head of its stream's hash chain. */
export interface LoadedApproval {
  state: ApprovalState;
  lastHash: string;
}

/**
 * What a target resolves to: the account's holder and row, and the targeted request's row (an
 * approval's target is the request it names, if any). `approval` is the targeted approval;
 * `pendingApprovals` those still pending on the targeted request, which a change of it voids.
 */
export interface LoadedTarget {
  kind: 'user' | 'withdrawal' | 'depositRequest';
  holder: AccountHolder;
  row: AccountRow;
  request: TargetedRequest | null;
  approval: LoadedApproval | null;
  pendingApprovals: LoadedApproval[];
  /** for an admin move under four eyes: the id the approval would take, and the maker's name */
  newApproval: { id: number; makerName: string } | null;
}

interface ApprovalJson {
  id: number;
  version: number;
  lastHash: string;
  status: ApprovalStatus;
  kind: ApprovalKind;
  userId: number;
  amountCents: string;
  depositRequestId: number | null;
  withdrawalId: number | null;
  note: string | null;
  makerId: number;
  statementLineId: number | null;
}

type TargetRow = Omit<AccountRowRecord, 'user_id'> & {
  n: number;
  user_id: string | null;
  uid: string;
  name: string;
  legal_name: string | null;
  email: string;
  language: string;
  banking_details_changed_at: string | null;
  reference_code: string;
  beneficiary_name: string | null;
  iban: string | null;
  swift: string | null;
  r_id: string | null;
  r_amount_cents: string | null;
  r_status: string | null;
  r_requested_at: string | null;
  r_processed_at: string | null;
  r_completed_at: string | null;
  r_fingerprint: string | null;
  r_kind: 'u' | 'w' | 'd';
  approval: ApprovalJson | null;
  pending_approvals: ApprovalJson[] | null;
  new_approval_id: string | null;
  maker_name: string | null;
};

/**
 * The targets of a group of commands in one statement: each target (a user, a withdrawal or a deposit
 * request) with its account's holder, projection row and the targeted request. A target that does not
 * exist resolves to its DomainError (404). A user without an account row yet gets one (version 0).
 */
export async function loadTargets(
  sql: Sql,
  targets: AccountTarget[],
  /** per target, the admin whose move may become an approval (four eyes on), else null */
  makers: (number | null)[] = targets.map(() => null),
): Promise<(LoadedTarget | DomainError)[]> {
  for (let pass = 0; pass < 2; pass += 1) {
    const rows = await sql.query<TargetRow>(
      TARGETS_STATEMENT,
      [
        targets.map(kindOf),
        targets.map((target) =>
          'userId' in target
            ? target.userId
            : 'withdrawalId' in target
              ? target.withdrawalId
              : 'depositRequestId' in target
                ? target.depositRequestId
                : target.approvalId,
        ),
        makers,
      ],
      { prepare: true },
    ); // its plan costs several times its run
    const missingAccounts = rows.filter((row) => row.user_id === null).map((row) => Number(row.uid));
    if (missingAccounts.length > 0 && pass === 0) {
      for (const userId of new Set(missingAccounts)) await ensureAccountRow(sql, userId);
      continue;
    }
    const byIndex = new Map(rows.map((row) => [row.n, row]));
    return targets.map((target, index) => {
      const row = byIndex.get(index + 1);
      if (!row || row.user_id === null) return notFound(target);
      return loadedOf(row);
    });
  }
  throw new Error('account rows could not be created');
}

function kindOf(target: AccountTarget): 'u' | 'w' | 'd' | 'a' {
  if ('userId' in target) return 'u';
  if ('withdrawalId' in target) return 'w';
  return 'depositRequestId' in target ? 'd' : 'a';
}

function approvalOf(json: ApprovalJson): LoadedApproval {
  return {
    state: {
      id: Number(json.id),
      version: json.version,
      status: json.status,
      kind: json.kind,
      userId: Number(json.userId),
      amountCents: BigInt(json.amountCents),
      depositRequestId: json.depositRequestId === null ? null : Number(json.depositRequestId),
      withdrawalId: json.withdrawalId === null ? null : Number(json.withdrawalId),
      note: json.note,
      makerId: Number(json.makerId),
      ...(json.statementLineId !== null && json.statementLineId !== undefined
        ? { statementLineId: Number(json.statementLineId) }
        : {}),
    },
    lastHash: json.lastHash,
  };
}

const REQUEST_KINDS = { u: 'user', w: 'withdrawal', d: 'depositRequest' } as const;

function loadedOf(row: TargetRow): LoadedTarget {
  return {
    kind: REQUEST_KINDS[row.r_kind],
    approval: row.approval ? approvalOf(row.approval) : null,
    pendingApprovals: (row.pending_approvals ?? []).map(approvalOf),
    newApproval:
      row.new_approval_id === null ? null : { id: Number(row.new_approval_id), makerName: row.maker_name ?? '' },
    holder: {
      id: Number(row.uid),
      // a business by its legal name and representative, in its mails and the admins' notices
      name: holderDisplayName({ name: row.name, legalName: row.legal_name }),
      email: row.email,
      language: row.language,
      referenceCode: row.reference_code,
      beneficiaryName: row.beneficiary_name,
      iban: row.iban,
      swift: row.swift,
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
            approvedBankingFingerprint: row.r_fingerprint,
          },
  };
}

function notFound(target: AccountTarget): DomainError {
  if ('userId' in target) return new DomainError('USER.NOT_FOUND', 'not_found', 'User not found');
  if ('withdrawalId' in target) return new DomainError('WITHDRAWAL.NOT_FOUND', 'not_found', 'Withdrawal not found');
  if ('approvalId' in target) return new DomainError('APPROVAL.NOT_FOUND', 'not_found', 'Approval not found');
  return new DomainError('DEPOSIT_REQUEST.NOT_FOUND', 'not_found', 'Deposit request not found');
}

/** An approval row (alias p) with its stream head (alias s) as the JSON approvalOf reads. */
const approvalJson = (p: string, s: string) => `json_build_object(
    'id', ${p}.id, 'version', ${s}.version, 'lastHash', ${s}.last_hash, 'status', ${p}.status, 'kind', ${p}.kind,
    'userId', ${p}.user_id, 'amountCents', ${p}.amount_cents::text, 'depositRequestId', ${p}.deposit_request_id,
    'withdrawalId', ${p}.withdrawal_id, 'note', ${p}.note, 'makerId', ${p}.requested_by,
    'statementLineId', ${p}.bank_statement_line_id)`;

/**
 * Targets as (kind, id) pairs numbered from 1; a withdrawal or deposit request names its user, an
 * approval its user and the request it decides. The pending approvals of the request come along, and
 * for an admin move under four eyes the id its approval would take and the maker's name (no extra
 * round trip for the move that needs no approval).
 */
const TARGETS_STATEMENT = `
  select t.n::int4 as n, u.id::text as uid, u.name, u.legal_name, u.email, u.language, u.reference_code, u.beneficiary_name, u.iban, u.swift,
         ${isoUtcSql('u.banking_details_changed_at')} as banking_details_changed_at, ${ACCOUNT_COLUMNS},
         coalesce(w.id, d.id)::text as r_id, coalesce(w.amount_cents, d.amount_cents)::text as r_amount_cents,
         coalesce(w.status, d.status) as r_status,
         ${isoUtcSql('coalesce(w.requested_at, d.requested_at)')} as r_requested_at,
         ${isoUtcSql('coalesce(w.processed_at, d.processed_at)')} as r_processed_at,
         ${isoUtcSql('w.completed_at')} as r_completed_at, w.approved_banking_fingerprint as r_fingerprint,
         case when w.id is not null then 'w' when d.id is not null then 'd' else 'u' end as r_kind,
         case when ap.id is not null then ${approvalJson('ap', 'aps')} end as approval,
         pa.pending as pending_approvals,
         -- the id an admin move's approval would take (a sequence: an unused one is a gap, as with requests)
         case when t.maker is not null then nextval('approval_id_seq')::text end as new_approval_id,
         mk.name as maker_name
    from unnest($1::text[], $2::int8[], $3::int8[]) with ordinality as t(kind, id, maker, n)
    left join users mk on mk.id = t.maker
    left join approvals ap on t.kind = 'a' and ap.id = t.id
    left join ledger_streams aps on aps.stream_id = 'approval-' || ap.id
    left join withdrawals w on w.id = case t.kind when 'w' then t.id when 'a' then ap.withdrawal_id end
    left join deposit_requests d on d.id = case t.kind when 'd' then t.id when 'a' then ap.deposit_request_id end
    join users u on u.id = case t.kind when 'u' then t.id when 'w' then w.user_id when 'd' then d.user_id
                                       else ap.user_id end
    left join accounts a on a.user_id = u.id
    left join lateral (
      select json_agg(${approvalJson('p', 's')} order by p.id) as pending
        from approvals p join ledger_streams s on s.stream_id = 'approval-' || p.id
       where p.status = 'pending' and (p.withdrawal_id = w.id or p.deposit_request_id = d.id)) pa on true`;
