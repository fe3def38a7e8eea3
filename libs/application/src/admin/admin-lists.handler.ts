import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type {
  AdminDepositRequestsResponse,
  AdminTransactionKind,
  AdminTransactionType,
  AdminTransactionsResponse,
  AdminWithdrawalsResponse,
  DepositRequestStatus,
  WithdrawalStatus,
} from '@savings/contracts';
import type { Sql } from '@savings/database';
import { SQL } from '../platform/tokens';
import { centsToNumber, isoOrNull } from './admin-sql';
import { ListAdminDepositRequestsQuery, ListAdminTransactionsQuery, ListAdminWithdrawalsQuery } from './admin.queries';

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
    const rows = await this.sql.query<TransactionRow>(
      `select t.id::text, t.user_id::text, u.name as user_name, t.admin_id::text, a.name as admin_name,
              t.kind, t.type, t.amount_cents::text, t.balance_before_cents::text, t.balance_after_cents::text,
              t.note, t.created_at
         from admin_transactions t
         join users u on u.id = t.user_id
         left join users a on a.id = t.admin_id
        where $1::bigint is null or t.user_id = $1
        order by t.created_at desc, t.id desc
        limit $2 offset $3`,
      [options.userId ?? null, options.limit ?? null, options.offset ?? 0],
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
}

@QueryHandler(ListAdminWithdrawalsQuery)
export class ListAdminWithdrawalsHandler implements IQueryHandler<ListAdminWithdrawalsQuery, AdminWithdrawalsResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ options }: ListAdminWithdrawalsQuery): Promise<AdminWithdrawalsResponse> {
    const status = options.status ?? 'pending';
    const rows = await this.sql.query<WithdrawalRow>(
      `select w.id::text, w.user_id::text, w.status, w.amount_cents::text, u.name as user_name, u.email as user_email,
              w.requested_at, w.processed_at, w.completed_at, u.beneficiary_name, u.iban
         from withdrawals w
         join users u on u.id = w.user_id
        where $1::text is null or w.status = $1
        order by w.requested_at desc, w.id desc
        limit $2 offset $3`,
      [status === 'all' ? null : status, options.limit ?? null, options.offset ?? 0],
    );
    return {
      withdrawals: rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        status: row.status,
        amount: centsToNumber(row.amount_cents),
        userName: row.user_name,
        userEmail: row.user_email,
        requestedAt: new Date(row.requested_at).toISOString(),
        processedAt: isoOrNull(row.processed_at),
        completedAt: isoOrNull(row.completed_at),
        userBeneficiary: row.beneficiary_name,
        userIban: row.iban,
      })),
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
    const rows = await this.sql.query<DepositRequestRow>(
      `select d.id::text, d.user_id::text, d.status, d.amount_cents::text, u.name as user_name, u.email as user_email,
              d.requested_at, d.processed_at
         from deposit_requests d
         join users u on u.id = d.user_id
        where $1::text is null or d.status = $1
        order by d.requested_at desc, d.id desc
        limit $2 offset $3`,
      [status === 'all' ? null : status, options.limit ?? null, options.offset ?? 0],
    );
    return {
      depositRequests: rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        status: row.status,
        amount: centsToNumber(row.amount_cents),
        userName: row.user_name,
        userEmail: row.user_email,
        requestedAt: new Date(row.requested_at).toISOString(),
        processedAt: isoOrNull(row.processed_at),
      })),
    };
  }
}
