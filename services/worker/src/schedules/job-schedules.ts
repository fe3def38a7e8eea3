import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import type { AppConfig } from '@savings/config';
import {
  APP_CONFIG,
  BACKUPS_QUEUE,
  INTEREST_QUEUE,
  JobNames,
  MAIL_QUEUE,
  PAYOUTS_QUEUE,
  SchedulerIds,
  cronAt,
  defaultJobOptions,
  latestPayoutDate,
} from '@savings/application';

/**
 * The two schedules of the design card, in APP_TIMEZONE: daily interest at DAILY_INTEREST_TIME and
 * the monthly payout on the 1st at MONTHLY_PAYOUT_TIME. upsertJobScheduler is idempotent, so every
 * worker may declare them at start-up (a changed time replaces the old one). Start-up ticks catch up
 * the interest dates and the payout missed while no worker ran.
 */
@Injectable()
export class JobSchedules implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobSchedules.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(INTEREST_QUEUE) private readonly interest: Queue,
    @InjectQueue(PAYOUTS_QUEUE) private readonly payouts: Queue,
    @InjectQueue(MAIL_QUEUE) private readonly mail: Queue,
    @InjectQueue(BACKUPS_QUEUE) private readonly backups: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.worker.schedules) return;
    const tz = this.config.appTimezone;
    await this.interest.upsertJobScheduler(
      SchedulerIds.dailyInterest,
      { pattern: cronAt(this.config.dailyInterestTime, '*'), tz },
      { name: JobNames.dailyInterest, data: {}, opts: defaultJobOptions },
    );
    await this.payouts.upsertJobScheduler(
      SchedulerIds.monthlyWithdrawals,
      { pattern: cronAt(this.config.monthlyPayoutTime, '1'), tz },
      { name: JobNames.monthlyWithdrawals, data: {}, opts: defaultJobOptions },
    );
    // the month's interest mail, once the month is over (a rerun mails no one twice)
    await this.mail.upsertJobScheduler(
      SchedulerIds.monthlyInterestSummary,
      { pattern: cronAt(this.config.monthlyPayoutTime, '1'), tz },
      { name: JobNames.monthlyInterestSummary, data: {}, opts: defaultJobOptions },
    );
    // backups on BACKUP_SCHEDULE into BACKUP_REPO; none without a repository or with BACKUP_SCHEDULE=off
    const { repo, schedule } = this.config.backup;
    if (repo && schedule) {
      await this.backups.upsertJobScheduler(
        SchedulerIds.backup,
        { pattern: schedule, tz },
        { name: JobNames.backup, data: {}, opts: defaultJobOptions },
      );
    } else {
      await this.backups.removeJobScheduler(SchedulerIds.backup);
    }
    await this.interest.add(JobNames.dailyInterest, {});
    // A payout missed while no worker ran is made now, as of its own date. Re-running a date that was
    // paid is harmless (it pays only withdrawals approved before that date, already paid), and the
    // job id keeps several starting workers from queueing it more than once.
    const payoutDate = latestPayoutDate(new Date(), tz, this.config.monthlyPayoutTime);
    await this.payouts.add(
      JobNames.monthlyWithdrawals,
      { date: payoutDate },
      { ...defaultJobOptions, jobId: `payout-catch-up-${payoutDate}` },
    );
    this.logger.log(
      `Schedules: interest daily at ${this.config.dailyInterestTime}, payouts on the 1st at ` +
        `${this.config.monthlyPayoutTime} (${tz}), backups ${repo && schedule ? `on "${schedule}"` : 'off'}; ` +
        `start-up catch-up queued (interest, payout of ${payoutDate})`,
    );
  }
}
