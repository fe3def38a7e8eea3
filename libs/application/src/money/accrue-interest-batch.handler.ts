import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@savings/config';
import { DomainError, localTimeToInstant, Money } from '@savings/domain';
import { accrueInterestForRange } from '@savings/ledger';
import { type Sql } from '@savings/database';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { AccrueInterestBatchCommand, type AccrueInterestBatchResult } from './money.commands';

/**
 * Daily interest for one date and a range of user ids, set-based (libs/ledger accrueInterestForRange,
 * which calls the domain's interest function per account). Accounts already accrued for the date are
 * skipped, so reruns and parallel workers never double an accrual; the unique (user_id, accrual_date)
 * of interest_payments is the last line of defence.
 */
@CommandHandler(AccrueInterestBatchCommand)
export class AccrueInterestBatchHandler implements ICommandHandler<
  AccrueInterestBatchCommand,
  AccrueInterestBatchResult
> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: AccrueInterestBatchCommand): Promise<AccrueInterestBatchResult> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(command.accrualDate) || Number.isNaN(Date.parse(command.accrualDate))) {
      throw new DomainError('INTEREST.BAD_DATE', 'invalid', `"${command.accrualDate}" is not a date (YYYY-MM-DD)`);
    }
    const outcome = await accrueInterestForRange(this.sql, {
      accrualDate: command.accrualDate,
      occurredAt: localTimeToInstant(command.accrualDate, this.config.dailyInterestTime, this.config.appTimezone),
      fromUserId: command.fromUserId,
      toUserId: command.toUserId,
      metadata: {
        actor: { kind: command.context.actor.kind, id: command.context.actor.id },
        correlationId: command.context.correlationId,
        causationId: null,
        idempotencyKey: command.context.idempotencyKey ?? null,
      },
    });
    return {
      accountsInRange: outcome.accountsInRange,
      accrued: outcome.accrued,
      alreadyAccrued: outcome.alreadyAccrued,
      creditedTotal: Money.format(outcome.creditedTotalCents),
    };
  }
}
