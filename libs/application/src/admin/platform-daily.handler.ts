import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PlatformDailyResponse } from '@savings/contracts';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { centsToNumber } from './admin-sql';
import { GetPlatformDailyQuery } from './admin.queries';

interface Row {
  date: string;
  total_balance_cents: string;
  deposits_cents: string;
  withdrawals_cents: string;
  interest_cents: string;
}

/**
 * The back office's charts, from the read models, in integer cents. Every balance change is either an
 * admin transaction (deposits, approved withdrawals, adjustments; by the local day of its instant) or
 * an interest payment (by its accrual date), so the total at the end of a day is today's total less
 * every change after that day: no replay, and the series ends exactly at the accounts' sum.
 * $1 now, $2 APP_TIMEZONE, $3 days.
 */
const PLATFORM_DAILY_SQL = `
  with bounds as (
    select ($1::timestamptz at time zone $2)::date - ($3::int - 1) as first_day,
           ($1::timestamptz at time zone $2)::date as last_day
  ),
  moves as materialized (
    select (t.created_at at time zone $2)::date as day,
           sum(case when t.type = 'add' then t.amount_cents else -t.amount_cents end) as delta,
           sum(case when t.kind = 'deposit' then t.amount_cents else 0 end) as deposits,
           sum(case when t.kind = 'withdrawal' then t.amount_cents else 0 end) as withdrawals,
           0::numeric as interest
      from admin_transactions t, bounds b
     where t.created_at >= (b.first_day::timestamp at time zone $2)
     group by 1
    union all
    select i.accrual_date, sum(i.interest_cents), 0, 0, sum(i.interest_cents)
      from interest_payments i, bounds b
     where i.accrual_date >= b.first_day
     group by 1
  ),
  days as (
    select generate_series(b.first_day, b.last_day, interval '1 day')::date as day from bounds b
  )
  select to_char(d.day, 'YYYY-MM-DD') as date,
         ((select coalesce(sum(balance_cents), 0) from accounts)
           - coalesce((select sum(m.delta) from moves m where m.day > d.day), 0))::text as total_balance_cents,
         coalesce((select sum(m.deposits) from moves m where m.day = d.day), 0)::text as deposits_cents,
         coalesce((select sum(m.withdrawals) from moves m where m.day = d.day), 0)::text as withdrawals_cents,
         coalesce((select sum(m.interest) from moves m where m.day = d.day), 0)::text as interest_cents
    from days d
   order by d.day`;

@QueryHandler(GetPlatformDailyQuery)
export class GetPlatformDailyHandler implements IQueryHandler<GetPlatformDailyQuery, PlatformDailyResponse> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(query: GetPlatformDailyQuery): Promise<PlatformDailyResponse> {
    const rows = await this.sql.query<Row>(PLATFORM_DAILY_SQL, [
      query.now.toISOString(),
      this.config.appTimezone,
      query.days,
    ]);
    return {
      days: rows.map((row) => ({
        date: row.date,
        totalBalance: centsToNumber(row.total_balance_cents),
        deposits: centsToNumber(row.deposits_cents),
        withdrawals: centsToNumber(row.withdrawals_cents),
        interest: centsToNumber(row.interest_cents),
      })),
    };
  }
}
