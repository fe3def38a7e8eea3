import { Inject, Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type {
  AdminDepositRequestsResponse,
  AdminListParams,
  AdminTransactionKind,
  AdminTransactionType,
  AdminTransactionsResponse,
  AdminWithdrawalsResponse,
  DepositRequestStatus,
  WithdrawalStatus,
} from '@savings/contracts';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { activeCoolingOffEnd, type WithdrawalReturnReason } from '@savings/domain';
import { withdrawalReturnOf } from '../shared/withdrawal-return';
import type { QueryResultRow } from 'pg';
import { APP_CONFIG, CLOCK, SQL, systemClock, type Clock } from '../platform/tokens';
import { centsToNumber, containsPattern, isoOrNull } from './admin-sql';
import { ListAdminDepositRequestsQuery, ListAdminTransactionsQuery, ListAdminWithdrawalsQuery } from './admin.queries';

/**
 * The filters every paged back-office list shares, as SQL over `u` (the customer) and the list's own
 * table: $1 the status or kind (null for all), $2 the customer's id, $3 a LIKE pattern of their name, e-mail or
 * reference code. Parameters only: no client text is ever part of the statement.
 */
const CUSTOMER_FILTER = `($2::bigint is null or u.id = $2)
  and ($3::text is null or u.name ilike $3 or u.email ilike $3 or u.reference_code ilike $3)`;

function filterParams(status: string | null, options: AdminListParams): unknown[] {
  const q = options.q?.trim() ? containsPattern(options.q.trim()) : null;
  return [status, options.userId ?? null, q];
}

/** One page of `select` (ordered newest first) and how many rows match, in two statements run together. */
async function page<T extends QueryResultRow>(
  sql: Sql,
  select: string,
  count: string,
  params: unknown[],
  options: AdminListParams,
): Promise<{ rows: T[]; total: number }> {
  const n = params.length;
  const [rows, [counted]] = await Promise.all([
    sql.query<T>(`${select} limit $${n + 1} offset $${n + 2}`, [...params, options.limit ?? null, options.offset ?? 0]),
    sql.query<{ total: string }>(count, params),
  ]);
  return { rows, total: Number(counted.total) };
}

interface TransactionRow {
  id: string;
  user_id: string;
  user_name: string;
  admin_id: string | null;
  admin_name: string | null;
  kind: AdminTransactionKind;
  type: AdminTransactionType;
  amount_cents: string;
  balance_before_cents: string;
  balance_after_cents: string;
  note: string | null;
  created_at: Date;
}

@QueryHandler(ListAdminTransactionsQuery)
export class ListAdminTransactionsHandler implements IQueryHandler<
  ListAdminTransactionsQuery,
  AdminTransactionsResponse
> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ options }: ListAdminTransactionsQuery): Promise<AdminTransactionsResponse> {
    const kind = options.kind ?? 'all';
    const where = `where ($1::text is null or t.kind = $1) and ${CUSTOMER_FILTER}`;
    const { rows, total } = await page<TransactionRow>(
      this.sql,
      `select t.id::text, t.user_id::text, u.name as user_name, t.admin_id::text, a.name as admin_name,
              t.kind, t.type, t.amount_cents::text, t.balance_before_cents::text, t.balance_after_cents::text,
              t.note, t.created_at
         from admin_transactions t
         join users u on u.id = t.user_id
         left join users a on a.id = t.admin_id
        ${where}
        order by t.created_at desc, t.id desc`,
      `select count(*)::text as total from admin_transactions t join users u on u.id = t.user_id ${where}`,
      filterParams(kind === 'all' ? null : kind, options),
      options,
    );
    return {
      transactions: rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        userName: row.user_name,
        adminId: row.admin_id === null ? null : Number(row.admin_id),
        adminName: row.admin_name,
        kind: row.kind,
        type: row.type,
        amount: centsToNumber(row.amount_cents),
        balanceBefore: centsToNumber(row.balance_before_cents),
        balanceAfter: centsToNumber(row.balance_after_cents),
        note: row.note,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      total,
    };
  }
}

interface WithdrawalRow {
  id: string;
  user_id: string;
  status: WithdrawalStatus;
  amount_cents: string;
  user_name: string;
  user_email: string;
  requested_at: Date;
  processed_at: Date | null;
  completed_at: Date | null;
  beneficiary_name: string | null;
  iban: string | null;
  swift: string | null;
  banking_details_changed_at: Date | null;
  returned_at: Date | null;
  return_reason: WithdrawalReturnReason | null;
}

@QueryHandler(ListAdminWithdrawalsQuery)
export class ListAdminWithdrawalsHandler implements IQueryHandler<ListAdminWithdrawalsQuery, AdminWithdrawalsResponse> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async execute({ options }: ListAdminWithdrawalsQuery): Promise<AdminWithdrawalsResponse> {
    const status = options.status ?? 'pending';
    const where = `where ($1::text is null or w.status = $1) and ${CUSTOMER_FILTER}`;
    const { rows, total } = await page<WithdrawalRow>(
      this.sql,
      `select w.id::text, w.user_id::text, w.status, w.amount_cents::text, u.name as user_name, u.email as user_email,
              w.requested_at, w.processed_at, w.completed_at, u.beneficiary_name, u.iban, u.swift,
              u.banking_details_changed_at, w.returned_at, w.return_reason
         from withdrawals w
         join users u on u.id = w.user_id
        ${where}
        order by w.requested_at desc, w.id desc`,
      `select count(*)::text as total from withdrawals w join users u on u.id = w.user_id ${where}`,
      filterParams(status === 'all' ? null : status, options),
      options,
    );
    const now = this.clock.now();
    return {
      withdrawals: rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        status: row.status,
        amount: centsToNumber(row.amount_cents),
        userName: row.user_name,
        userEmail: row.user_email,
        requestedAt: new Date(row.requested_at).toISOString(),
        processedAt: row.status === 'pending' ? null : isoOrNull(row.processed_at),
        completedAt: isoOrNull(row.completed_at),
        returnedForReapproval: withdrawalReturnOf(row.status, row.returned_at, row.return_reason),
        userBeneficiary: row.beneficiary_name,
        userIban: row.iban,
        userSwift: row.swift,
        // the same rule approval applies (ApproveWithdrawalHandler); null once it has passed
        approvableAfter:
          row.status === 'pending'
            ? (activeCoolingOffEnd(
                row.banking_details_changed_at ? new Date(row.banking_details_changed_at) : null,
                this.config.bankingCooldownHours,
                now,
              )?.toISOString() ?? null)
            : null,
      })),
      total,
    };
  }
}

interface DepositRequestRow {
  id: string;
  user_id: string;
  status: DepositRequestStatus;
  amount_cents: string;
  user_name: string;
  user_email: string;
  reference_code: string;
  requested_at: Date;
  processed_at: Date | null;
}

@QueryHandler(ListAdminDepositRequestsQuery)
export class ListAdminDepositRequestsHandler implements IQueryHandler<
  ListAdminDepositRequestsQuery,
  AdminDepositRequestsResponse
> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ options }: ListAdminDepositRequestsQuery): Promise<AdminDepositRequestsResponse> {
    const status = options.status ?? 'pending';
    const where = `where ($1::text is null or d.status = $1) and ${CUSTOMER_FILTER}`;
    const { rows, total } = await page<DepositRequestRow>(
      this.sql,
      `select d.id::text, d.user_id::text, d.status, d.amount_cents::text, u.name as user_name, u.email as user_email,
              u.reference_code, d.requested_at, d.processed_at
         from deposit_requests d
         join users u on u.id = d.user_id
        ${where}
        order by d.requested_at desc, d.id desc`,
      `select count(*)::text as total from deposit_requests d join users u on u.id = d.user_id ${where}`,
      filterParams(status === 'all' ? null : status, options),
      options,
    );
    return {
      depositRequests: rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        status: row.status,
        amount: centsToNumber(row.amount_cents),
        userName: row.user_name,
        userEmail: row.user_email,
        userReferenceCode: row.reference_code,
        requestedAt: new Date(row.requested_at).toISOString(),
        processedAt: isoOrNull(row.processed_at),
      })),
      total,
    };
  }
}
