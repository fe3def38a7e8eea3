import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { holderDisplayName } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { balanceAsOf } from '@savings/ledger';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { monthStart, nextMonth, previousMonth } from '../statements/statement-period';
import { todayIn } from '../jobs/job-dates';
import { MailOutbox } from './mail-outbox';

/** Customers summarised per transaction. */
const PAGE = 500;

/**
 * The monthly interest mail (api-contract.md section 14): every customer credited interest in a month
 * gets the month's total and the balance at its end (from the log, like statements). The cause is
 * the customer and the month, so running a month again (a retried job, the command line) mails no
 * one twice. Months not yet over are refused.
 */
@Injectable()
export class InterestSummaries {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailOutbox,
  ) {}

  /** The month that ended last (in APP_TIMEZONE). */
  lastClosedMonth(now = new Date()): string {
    return previousMonth(todayIn(this.config.appTimezone, now).slice(0, 7));
  }

  async queueMonth(month: string, now = new Date()): Promise<{ month: string; customers: number }> {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      throw new DomainError('MAIL.MONTH_INVALID', 'invalid', 'The month must be written YYYY-MM');
    }
    const end = monthStart(nextMonth(month), this.config.appTimezone);
    if (end.getTime() > now.getTime()) {
      throw new DomainError('MAIL.MONTH_OPEN', 'invalid', `${month} is not over yet`);
    }
    const lastInstant = new Date(end.getTime() - 1);
    let after = 0;
    let customers = 0;
    for (;;) {
      const rows = await this.sql.query<{
        user_id: string;
        interest: string;
        name: string;
        legal_name: string | null;
        email: string;
        language: string;
      }>(
        `select p.user_id::text as user_id, sum(p.interest_cents)::text as interest, u.name, u.legal_name, u.email,
                u.language
           from interest_payments p join users u on u.id = p.user_id
          where p.accrual_date >= $1::date and p.accrual_date < $2::date and p.user_id > $3
          group by p.user_id, u.name, u.legal_name, u.email, u.language
          order by p.user_id
          limit $4`,
        [`${month}-01`, `${nextMonth(month)}-01`, after, PAGE],
      );
      if (rows.length === 0) break;
      await this.sql.transaction(async (tx) => {
        const mails = [];
        for (const row of rows) {
          const balance = await balanceAsOf(tx, Number(row.user_id), lastInstant);
          mails.push({
            cause: `interest-summary:${row.user_id}:${month}`,
            userId: Number(row.user_id),
            recipient: row.email,
            name: holderDisplayName({ name: row.name, legalName: row.legal_name }),
            language: row.language,
            message: {
              template: 'interest-summary' as const,
              params: { month, interestCents: row.interest, balanceCents: balance.toString() },
            },
          });
        }
        await this.outbox.write(tx, mails);
      });
      customers += rows.length;
      after = Number(rows[rows.length - 1].user_id);
    }
    return { month, customers };
  }
}
