import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@savings/config';
import type { HolderType } from '@savings/contracts';
import type { SqlQueryable, Sql } from '@savings/database';
import { ChartOfAccounts, DomainError } from '@savings/domain';
import { balanceAsOf, isoUtcSql, streamIdOf } from '@savings/ledger';
import { APP_CONFIG, SQL } from '../platform/tokens';
import {
  buildInterestCertificate,
  buildMonthlyStatement,
  summarizeMonths,
  type StatementHolder,
  type InterestCertificate,
  type LedgerMovement,
  type MonthlyStatement,
  type MonthSummary,
} from './statement-figures';
import { monthStart, monthsBetween, nextMonth, statementMonthOf, wallMonthOf } from './statement-period';

/**
 * Point-in-time reads of the ledger for statements: the balance at a period's first instant
 * (balanceAsOf, the function behind `ledger balance --as-of`) and the balance changes effective
 * within the period (the customer's liability postings of its events, by effective time). Read
 * models are not used: a statement says what the log says.
 */
@Injectable()
export class StatementReader {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get timeZone(): string {
    return this.config.appTimezone;
  }

  /** Every statement month of the account, from its first event's month to the current one. */
  async months(userId: number, now: Date): Promise<MonthSummary[]> {
    await this.holder(userId);
    const range = await this.monthRange(userId, now);
    if (!range) return [];
    const movements = await readMovements(this.sql, userId, null, now);
    return summarizeMonths(movements, range.first, range.last, this.timeZone);
  }

  async monthlyStatement(userId: number, month: string, now: Date): Promise<MonthlyStatement> {
    const holder = await this.holder(userId);
    const range = await this.monthRange(userId, now);
    if (!range || month < range.first || month > range.last) {
      throw new DomainError('STATEMENT.NO_SUCH_MONTH', 'not_found', 'No statement for this month');
    }
    const from = monthStart(month, this.timeZone);
    const current = month === range.last;
    const to = current ? now : monthStart(nextMonth(month), this.timeZone);
    const [openingCents, movements] = await Promise.all([
      balanceAsOf(this.sql, userId, from),
      readMovements(this.sql, userId, from, to),
    ]);
    return buildMonthlyStatement({
      holder,
      month,
      timeZone: this.timeZone,
      from,
      to,
      current,
      openingCents,
      movements,
      generatedAt: now,
    });
  }

  async interestCertificate(userId: number, year: number, now: Date): Promise<InterestCertificate> {
    const holder = await this.holder(userId);
    const range = await this.monthRange(userId, now);
    const firstOfYear = `${year}-01`;
    const lastOfYear = `${year}-12`;
    if (!range || lastOfYear < range.first || firstOfYear > range.last) {
      throw new DomainError('STATEMENT.NO_SUCH_YEAR', 'not_found', 'No interest certificate for this year');
    }
    const first = range.first > firstOfYear ? range.first : firstOfYear;
    const last = range.last < lastOfYear ? range.last : lastOfYear;
    const from = monthStart(firstOfYear, this.timeZone);
    const current = last === range.last;
    const to = current ? now : monthStart(nextMonth(lastOfYear), this.timeZone);
    const [openingCents, movements] = await Promise.all([
      balanceAsOf(this.sql, userId, from),
      readMovements(this.sql, userId, from, to),
    ]);
    return buildInterestCertificate({
      holder,
      year,
      timeZone: this.timeZone,
      from,
      to,
      current,
      months: monthsBetween(first, last),
      openingCents,
      movements,
      generatedAt: now,
    });
  }

  async holder(userId: number): Promise<StatementHolder> {
    const [row] = await this.sql.query<{
      name: string;
      email: string;
      reference_code: string;
      holder_type: HolderType;
      legal_name: string | null;
      registration_number: string | null;
      country: string | null;
    }>(
      `select name, email, reference_code, holder_type, legal_name, registration_number, country
         from users where id = $1`,
      [userId],
    );
    if (!row) throw new DomainError('USER.NOT_FOUND', 'not_found', 'User not found');
    return {
      userId,
      name: row.name,
      email: row.email,
      referenceCode: row.reference_code,
      holderType: row.holder_type,
      legalName: row.legal_name,
      registrationNumber: row.registration_number,
      country: row.country,
    };
  }

  /** The first statement month (of the first event effective by now) and the current month; null without events. */
  private async monthRange(userId: number, now: Date): Promise<{ first: string; last: string } | null> {
    const [row] = await this.sql.query<{ first: string | null }>(
      `select ${isoUtcSql('min(occurred_at)')} as first from ledger_events
        where stream_id = $1 and occurred_at <= $2::timestamptz`,
      [streamIdOf(userId), now.toISOString()],
    );
    if (!row?.first) return null;
    return { first: statementMonthOf(new Date(row.first), this.timeZone), last: wallMonthOf(now, this.timeZone) };
  }
}

/**
 * The balance changes of an account effective in (after, upTo] (after null: from the start), in
 * effective order: each event with a posting on the customer's liability account, its amount minus
 * the sum of those postings (as balanceAsOf counts them).
 */
export async function readMovements(
  q: SqlQueryable,
  userId: number,
  after: Date | null,
  upTo: Date,
): Promise<LedgerMovement[]> {
  const rows = await q.query<{
    seq: string;
    type: string;
    payload: Record<string, unknown>;
    occurred_at: string;
    cents: string;
  }>(
    `select e.seq::text as seq, e.type, e.payload, ${isoUtcSql('e.occurred_at')} as occurred_at,
            (-sum(p.amount_cents))::text as cents
       from ledger_events e join ledger_postings p on p.event_seq = e.seq and p.account = $2
      where e.stream_id = $1 and ($3::timestamptz is null or e.occurred_at > $3::timestamptz)
        and e.occurred_at <= $4::timestamptz
      group by e.seq
      order by e.occurred_at, e.seq`,
    [streamIdOf(userId), ChartOfAccounts.customer(userId), after ? after.toISOString() : null, upTo.toISOString()],
  );
  return rows.map((row) => ({
    seq: row.seq,
    at: new Date(row.occurred_at),
    eventType: row.type,
    payload: row.payload,
    amountCents: BigInt(row.cents),
  }));
}
