import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  Messages,
  type AccountActivityItem,
  type AccountActivityResponse,
  type AdminTransactionKind,
  type AdminTransactionType,
  type DashboardResponse,
  type DepositRequestItem,
  type DepositRequestsResponse,
  type DepositRequestStatus,
  type InterestPaymentsResponse,
  type InterestPaymentStatus,
  type WithdrawalItem,
  type WithdrawalsResponse,
  type WithdrawalStatus,
} from '@savings/contracts';
import type { AppConfig } from '@savings/config';
import { type Sql } from '@savings/database';
import { DomainError, Money, type WithdrawalReturnReason } from '@savings/domain';
import { withdrawalReturnOf } from '../shared/withdrawal-return';
import { APP_CONFIG, SQL } from '../platform/tokens';
import {
  GetDashboardQuery,
  ListAccountActivityQuery,
  ListDepositRequestsQuery,
  ListInterestPaymentsQuery,
  ListWithdrawalsQuery,
} from './investor.queries';
import { monthlyInterestCents, nextInterestAt } from './next-interest';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery, DashboardResponse> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(query: GetDashboardQuery): Promise<DashboardResponse> {
    const [row] = await this.sql.query<{
      id: string;
      name: string;
      email: string;
      reference_code: string;
      balance_cents: string;
      held_cents: string;
    }>(
      `select u.id, u.name, u.email, u.reference_code,
              coalesce(a.balance_cents, 0)::text as balance_cents, coalesce(a.held_cents, 0)::text as held_cents
         from users u left join accounts a on a.user_id = u.id
        where u.id = $1`,
      [query.userId],
    );
    if (!row) throw new DomainError('USER.NOT_FOUND', 'unauthenticated', Messages.authenticationRequired);
    const balance = BigInt(row.balance_cents);
    return {
      user: {
        id: Number(row.id),
        name: row.name,
        email: row.email,
        balance: Money.toJsonNumber(balance),
        availableBalance: Money.toJsonNumber(balance - BigInt(row.held_cents)),
        referenceCode: row.reference_code,
      },
      monthlyInterest: Money.toJsonNumber(monthlyInterestCents(balance)),
      nextInterestAt: nextInterestAt(query.now, this.config.appTimezone, this.config.dailyInterestTime).toISOString(),
    };
  }
}

@QueryHandler(ListAccountActivityQuery)
export class ListAccountActivityHandler implements IQueryHandler<ListAccountActivityQuery, AccountActivityResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: ListAccountActivityQuery): Promise<AccountActivityResponse> {
    const rows = await this.sql.query<{
      id: string;
      kind: AdminTransactionKind;
      type: AdminTransactionType;
      amount_cents: string;
      balance_before_cents: string;
      balance_after_cents: string;
      admin_name: string | null;
      note: string | null;
      created_at: Date;
    }>(
      `select t.id, t.kind, t.type, t.amount_cents, t.balance_before_cents, t.balance_after_cents,
              a.name as admin_name, t.note, t.created_at
         from admin_transactions t left join users a on a.id = t.admin_id
        where t.user_id = $1
        order by t.created_at desc, t.id desc`,
      [query.userId],
    );
    return {
      transactions: rows.map((row): AccountActivityItem => ({
        id: Number(row.id),
        type: row.type,
        kind: row.kind,
        amount: Money.toJsonNumber(row.amount_cents),
        balanceBefore: Money.toJsonNumber(row.balance_before_cents),
        balanceAfter: Money.toJsonNumber(row.balance_after_cents),
        adminName: row.admin_name,
        note: row.note,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }
}

@QueryHandler(ListDepositRequestsQuery)
export class ListDepositRequestsHandler implements IQueryHandler<ListDepositRequestsQuery, DepositRequestsResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: ListDepositRequestsQuery): Promise<DepositRequestsResponse> {
    const rows = await this.sql.query<{
      id: string;
      amount_cents: string;
      status: DepositRequestStatus;
      requested_at: Date;
      processed_at: Date | null;
    }>(
      `select id, amount_cents, status, requested_at, processed_at from deposit_requests
        where user_id = $1 order by requested_at desc, id desc`,
      [query.userId],
    );
    return {
      depositRequests: rows.map((row): DepositRequestItem => ({
        id: Number(row.id),
        amount: Money.toJsonNumber(row.amount_cents),
        status: row.status,
        requestedAt: new Date(row.requested_at).toISOString(),
        processedAt: iso(row.processed_at),
      })),
    };
  }
}

@QueryHandler(ListWithdrawalsQuery)
export class ListWithdrawalsHandler implements IQueryHandler<ListWithdrawalsQuery, WithdrawalsResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: ListWithdrawalsQuery): Promise<WithdrawalsResponse> {
    const rows = await this.sql.query<{
      id: string;
      amount_cents: string;
      status: WithdrawalStatus;
      requested_at: Date;
      processed_at: Date | null;
      completed_at: Date | null;
      returned_at: Date | null;
      return_reason: WithdrawalReturnReason | null;
    }>(
      `select id, amount_cents, status, requested_at, processed_at, completed_at, returned_at, return_reason
         from withdrawals where user_id = $1 order by requested_at desc, id desc`,
      [query.userId],
    );
    return {
      withdrawals: rows.map((row): WithdrawalItem => ({
        id: Number(row.id),
        amount: Money.toJsonNumber(row.amount_cents),
        status: row.status,
        requestedAt: new Date(row.requested_at).toISOString(),
        processedAt: row.status === 'pending' ? null : iso(row.processed_at),
        completedAt: iso(row.completed_at),
        returnedForReapproval: withdrawalReturnOf(row.status, row.returned_at, row.return_reason),
      })),
    };
  }
}

@QueryHandler(ListInterestPaymentsQuery)
export class ListInterestPaymentsHandler implements IQueryHandler<ListInterestPaymentsQuery, InterestPaymentsResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: ListInterestPaymentsQuery): Promise<InterestPaymentsResponse> {
    const rows = await this.sql.query<{
      id: string;
      user_id: string;
      balance_cents: string;
      interest_rate: string;
      interest_cents: string;
      payment_date: Date;
      status: InterestPaymentStatus;
    }>(
      `select id, user_id, balance_cents, interest_rate::text as interest_rate, interest_cents, payment_date, status
         from interest_payments where user_id = $1 order by payment_date desc, id desc`,
      [query.userId],
    );
    return {
      interestPayments: rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        balance: Money.toJsonNumber(row.balance_cents),
        // a fraction (the one non-money number of the contract), e.g. 0.000191780822
        interestRate: Number(row.interest_rate),
        interestAmount: Money.toJsonNumber(row.interest_cents),
        paymentDate: new Date(row.payment_date).toISOString(),
        status: row.status,
      })),
    };
  }
}
