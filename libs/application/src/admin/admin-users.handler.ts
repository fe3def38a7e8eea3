import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminUserItem, AdminUserSort, AdminUsersResponse, HolderType, Role } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { SQL } from '../platform/tokens';
import { centsToNumber, containsPattern } from './admin-sql';
import { ListAdminUsersJsonQuery, ListAdminUsersQuery, type AdminUsersOptions } from './admin.queries';

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
  holder_type: HolderType;
  legal_name: string | null;
  registration_number: string | null;
  country: string | null;
  created_at: Date;
  balance_cents: string;
  held_cents: string;
  monthly_cents: string;
}

/**
 * Monthly interest of a balance: balance * 7% / 12 rounded half-up to the cent, in integers (balances
 * are never negative: CHECK on accounts). The same rule as the domain's monthlyInterestCents.
 */
function monthlyCentsSql(balance: string): string {
  return `((${balance} * 7 + 600) / 1200)`;
}

// Whitelisted sort expressions (never interpolate client text into SQL); strings sort case-insensitively.
// e-mails are stored lower-cased (normalizeEmail) and reference codes upper-case, so their unique
// indexes give the case-insensitive order directly; names have an index on lower(name).
const SORT_SQL: Record<AdminUserSort, string> = {
  id: 'u.id',
  name: 'lower(u.name)',
  email: 'u.email',
  referenceCode: 'u.reference_code',
  balance: 'coalesce(a.balance_cents, 0)',
  monthlyInterest: monthlyCentsSql('coalesce(a.balance_cents, 0)'),
};

/**
 * The users a search ($1, a LIKE pattern: part of the name, e-mail, reference code, or a business's
 * legal name or registration number) and a holder type ($4) narrow the list to.
 */
const MATCHES = `($1::text is null or u.name ilike $1 or u.email ilike $1 or u.reference_code ilike $1
                   or u.legal_name ilike $1 or u.registration_number ilike $1)
             and ($4::text is null or u.holder_type = $4)`;

/**
 * The list and the totals in one statement. Only the requested page is joined and shaped (an index
 * walk for the default order); the totals are one pass over accounts, and the matching count is only
 * computed when a search narrows the list. Nothing is loaded into memory to be added up, and the
 * totals are sums of the rounded rows, so the column adds up to the card.
 */
function usersCtes(sort: AdminUserSort, order: 'asc' | 'desc'): string {
  const direction = order === 'desc' ? 'desc' : 'asc';
  return `
    with totals as (
      select (select count(*) from users) as total_users,
             coalesce(sum(balance_cents), 0) as total_balance_cents,
             coalesce(sum(${monthlyCentsSql('balance_cents')}), 0) as total_monthly_cents
        from accounts
    ),
    page as (
      select u.id, u.name, u.email, u.reference_code, u.beneficiary_name, u.iban, u.swift, u.role, u.created_at,
             u.holder_type, u.legal_name, u.registration_number, u.country,
             coalesce(a.balance_cents, 0) as balance_cents,
             coalesce(a.held_cents, 0) as held_cents,
             ${monthlyCentsSql('coalesce(a.balance_cents, 0)')} as monthly_cents,
             row_number() over (order by ${SORT_SQL[sort]} ${direction}, u.id ${direction}) as rn
        from users u
        left join accounts a on a.user_id = u.id
       where ${MATCHES}
       order by ${SORT_SQL[sort]} ${direction}, u.id ${direction}
       limit $2 offset $3
    ),
    matching as (
      select case when $1::text is null and $4::text is null then (select total_users from totals)
                  else (select count(*) from users u where ${MATCHES}) end as matching
    )`;
}

function usersSql(sort: AdminUserSort, order: 'asc' | 'desc'): string {
  return `${usersCtes(sort, order)}
    select t.total_users::text, t.total_balance_cents::text, t.total_monthly_cents::text,
           m.matching::text as matching, p.id::text, p.name, p.email, p.reference_code,
           p.beneficiary_name, p.iban, p.swift, p.role, p.holder_type, p.legal_name, p.registration_number, p.country,
           p.created_at, p.balance_cents::text, p.held_cents::text,
           p.monthly_cents::text
      from totals t
      cross join matching m
      left join page p on true
     order by p.rn`;
}

// cents to an exact JSON number with two decimals (numeric, never float)
const usd = (cents: string) => `(${cents}::numeric / 100)::numeric(20, 2)`;

/** The whole response as JSON text, in the shape of AdminUsersResponse. */
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
                        'holderType', p.holder_type, 'legalName', p.legal_name,
                        'registrationNumber', p.registration_number, 'country', p.country,
                        'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                      ) order by p.rn)
                 from page p), '[]'::json),
             'totalUsers', t.total_users,
             'totalBalance', ${usd('t.total_balance_cents')},
             'totalMonthlyInterest', ${usd('t.total_monthly_cents')},
             'matchingUsers', (select matching from matching)
           )::text as body
      from totals t`;
}

function params(options: AdminUsersOptions): unknown[] {
  const q = options.q?.trim() ? containsPattern(options.q.trim()) : null;
  return [q, options.limit ?? null, options.offset ?? 0, options.holderType ?? null];
}

@QueryHandler(ListAdminUsersQuery)
export class ListAdminUsersHandler implements IQueryHandler<ListAdminUsersQuery, AdminUsersResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ options }: ListAdminUsersQuery): Promise<AdminUsersResponse> {
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
    holderType: row.holder_type,
    legalName: row.legal_name,
    registrationNumber: row.registration_number,
    country: row.country,
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
