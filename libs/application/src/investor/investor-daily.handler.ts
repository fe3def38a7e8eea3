import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { InvestorDailyResponse } from '@savings/contracts';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { Money } from '@savings/domain';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { GetInvestorDailyQuery } from './investor.queries';

interface Row {
  date: string;
  balance_cents: string;
  interest_cents: string;
}

/**
 * The charts of the dashboard and the interest history, from the customer's read models (both indexed
 * by user), in integer cents. A balance changes only by an admin transaction (deposit, approved
 * withdrawal, adjustment) or an interest payment, so the balance at the end of a day is the balance now
 * less every change after that day. $1 now, $2 APP_TIMEZONE, $3 days, $4 the user.
 */
const INVESTOR_DAILY_SQL = `
  with bounds as (
    select ($1::timestamptz at time zone $2)::date - ($3::int - 1) as first_day,
           ($1::timestamptz at time zone $2)::date as last_day
  ),
  moves as materialized (
    select (t.created_at at time zone $2)::date as day,
           case when t.type = 'add' then t.amount_cents else -t.amount_cents end as delta,
           0::bigint as interest
      from admin_transactions t, bounds b
     where t.user_id = $4 and t.created_at >= (b.first_day::timestamp at time zone $2)
    union all
    select i.accrual_date, i.interest_cents, i.interest_cents
      from interest_payments i, bounds b
     where i.user_id = $4 and i.accrual_date >= b.first_day
  ),
  days as (
    select generate_series(b.first_day, b.last_day, interval '1 day')::date as day from bounds b
  )
  select to_char(d.day, 'YYYY-MM-DD') as date,
         ((select coalesce(max(balance_cents), 0) from accounts where user_id = $4)
           - coalesce((select sum(m.delta) from moves m where m.day > d.day), 0))::text as balance_cents,
         coalesce((select sum(m.interest) from moves m where m.day = d.day), 0)::text as interest_cents
    from days d
   order by d.day`;

@QueryHandler(GetInvestorDailyQuery)
export class GetInvestorDailyHandler implements IQueryHandler<GetInvestorDailyQuery, InvestorDailyResponse> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(query: GetInvestorDailyQuery): Promise<InvestorDailyResponse> {
    const rows = await this.sql.query<Row>(INVESTOR_DAILY_SQL, [
      query.now.toISOString(),
      this.config.appTimezone,
      query.days,
      query.userId,
    ]);
    return {
      days: rows.map((row) => ({
        date: row.date,
        balance: Money.toJsonNumber(row.balance_cents),
        interest: Money.toJsonNumber(row.interest_cents),
      })),
    };
  }
}
