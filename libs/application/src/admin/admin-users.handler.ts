import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminUserItem, Role } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { SQL } from '../platform/tokens';
import { centsToNumber, containsPattern } from './admin-sql';
import {
  ListAdminUsersJsonQuery,
  ListAdminUsersQuery,
  type AdminUserSort,
  type AdminUsersOptions,
  type AdminUsersResult,
} from './admin.queries';

interface Row {
  total_users: string;
  total_balance_cents: string;
  total_monthly_cents: string;
  matching: string | null;
  id: string | null;
  name: string;
  email: string;
  reference_code: string;
  beneficiary_name: string | null;
  iban: string | null;
  swift: string | null;
  role: Role;
  created_at: Date;
  balance_cents: string;
  held_cents: string;
  monthly_cents: string;
}

// Whitelisted sort expressions (never interpolate client text into SQL); strings sort case-insensitively.
const SORT_SQL: Record<AdminUserSort, string> = {
  id: 'id',
  name: 'lower(name)',
  email: 'lower(email)',
  referenceCode: 'lower(reference_code)',
  balance: 'balance_cents',
  monthlyInterest: 'monthly_cents',
};

/**
 * One statement for the list and the totals: the database sums 10,000 balances, nothing is loaded
 * into memory to be added up. Monthly interest is balance * 7% / 12 rounded to the cent in numeric,
 * and the total is the sum of the rounded rows, so the column adds up to the card.
 */
function usersCtes(sort: AdminUserSort, order: 'asc' | 'desc'): string {
  const direction = order === 'desc' ? 'desc' : 'asc';
  return `
    with base as (
      select u.id, u.name, u.email, u.reference_code, u.beneficiary_name, u.iban, u.swift, u.role, u.created_at,
             coalesce(a.balance_cents, 0) as balance_cents,
             coalesce(a.held_cents, 0) as held_cents,
             round(coalesce(a.balance_cents, 0)::numeric * 7 / 1200) as monthly_cents
        from users u
        left join accounts a on a.user_id = u.id
    ),
    totals as (
      select count(*) as total_users,
             coalesce(sum(balance_cents), 0) as total_balance_cents,
             coalesce(sum(monthly_cents), 0) as total_monthly_cents
        from base
    ),
    filtered as (
      select * from base
       where $1::text is null or name ilike $1 or email ilike $1 or reference_code ilike $1
    ),
    page as (
      select filtered.*, row_number() over (order by ${SORT_SQL[sort]} ${direction}, id ${direction}) as rn
        from filtered
       order by rn
       limit $2 offset $3
    )`;
}

function usersSql(sort: AdminUserSort, order: 'asc' | 'desc'): string {
  return `${usersCtes(sort, order)}
    select t.total_users::text, t.total_balance_cents::text, t.total_monthly_cents::text,
           (select count(*) from filtered)::text as matching, p.id::text, p.name, p.email, p.reference_code,
           p.beneficiary_name, p.iban, p.swift, p.role, p.created_at, p.balance_cents::text, p.held_cents::text,
           p.monthly_cents::text
      from totals t
      left join page p on true
     order by p.rn`;
}

// cents to an exact JSON number with two decimals (numeric, never float)
const usd = (cents: string) => `(${cents}::numeric / 100)::numeric(20, 2)`;

/** The whole response as JSON text, in the shape of AdminUsersResult. */
function usersJsonSql(sort: AdminUserSort, order: 'asc' | 'desc'): string {
  return `${usersCtes(sort, order)}
    select json_build_object(
             'users', coalesce((
               select json_agg(json_build_object(
                        'id', p.id, 'name', p.name, 'email', p.email, 'referenceCode', p.reference_code,
                        'balance', ${usd('p.balance_cents')},
                        'availableBalance', ${usd('(p.balance_cents - p.held_cents)')},
                        'monthlyInterest', ${usd('p.monthly_cents')},
                        'beneficiaryName', p.beneficiary_name, 'iban', p.iban, 'swift', p.swift, 'role', p.role,
                        'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                      ) order by p.rn)
                 from page p), '[]'::json),
             'totalUsers', t.total_users,
             'totalBalance', ${usd('t.total_balance_cents')},
             'totalMonthlyInterest', ${usd('t.total_monthly_cents')},
             'matchingUsers', (select count(*) from filtered)
           )::text as body
      from totals t`;
}

function params(options: AdminUsersOptions): unknown[] {
  const q = options.q?.trim() ? containsPattern(options.q.trim()) : null;
  return [q, options.limit ?? null, options.offset ?? 0];
}

@QueryHandler(ListAdminUsersQuery)
export class ListAdminUsersHandler implements IQueryHandler<ListAdminUsersQuery, AdminUsersResult> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ options }: ListAdminUsersQuery): Promise<AdminUsersResult> {
    const rows = await this.sql.query<Row>(usersSql(options.sort ?? 'id', options.order ?? 'asc'), params(options));
    const first = rows[0];
    const users: AdminUserItem[] = rows.filter((row) => row.id !== null).map(toItem);
    return {
      users,
      totalUsers: Number(first.total_users),
      totalBalance: centsToNumber(first.total_balance_cents),
      totalMonthlyInterest: centsToNumber(first.total_monthly_cents),
      matchingUsers: Number(first.matching ?? 0),
    };
  }
}

function toItem(row: Row): AdminUserItem {
  const balance = BigInt(row.balance_cents);
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    referenceCode: row.reference_code,
    balance: centsToNumber(balance),
    availableBalance: centsToNumber(balance - BigInt(row.held_cents)),
    monthlyInterest: centsToNumber(row.monthly_cents),
    beneficiaryName: row.beneficiary_name,
    iban: row.iban,
    swift: row.swift,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

@QueryHandler(ListAdminUsersJsonQuery)
export class ListAdminUsersJsonHandler implements IQueryHandler<ListAdminUsersJsonQuery, string> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ options }: ListAdminUsersJsonQuery): Promise<string> {
    const [row] = await this.sql.query<{ body: string }>(
      usersJsonSql(options.sort ?? 'id', options.order ?? 'asc'),
      params(options),
    );
    return row.body;
  }
}
