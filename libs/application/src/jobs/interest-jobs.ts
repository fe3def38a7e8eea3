import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { DomainError } from '@savings/domain';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import type { CommandContext } from '../money/money.commands';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { InterestDispatcher, type DispatchOutcome } from './interest-dispatcher';
import { InterestRunService, type BatchOutcome, type DateSummary } from './interest-run.service';
import { latestDueDate } from './job-dates';
import { jobsNow, parseDailyInterestJob, parseInterestBatchJob, parseInterestDateJob } from './job-payloads';
import { INTEREST_QUEUE, JobNames, type InterestBatchJobData } from './job-queues';

/** A date whose batch ran out of retries is dispatched anew after this pause. */
export const RETRY_DATE_AFTER_MS = 10 * 60_000;

export interface DateProgress {
  done: number;
  total: number;
  percent: number;
}

/** A batch job that had nothing to do says why (its date is accrued already, or this batch is). */
export interface BatchJobResult {
  outcome: BatchOutcome;
  progress: DateProgress;
  note?: string;
}

export type TickResult =
  { until: string; upToDate: true } | { until: string; date: string; outcome: DispatchOutcome; datesBehind: number };

/** The context of every event a daily-interest job appends. */
export function interestJobContext(date: string): CommandContext {
  return { actor: { kind: 'job', id: 'daily-interest' }, correlationId: `interest-${date}` };
}

/**
 * The daily interest as queue jobs (the use case the worker's processor calls, one method per job):
 *  - tick (`daily-interest`: scheduled, at start-up, after each finished date): the oldest due date is
 *    dispatched as a flow of batch jobs (InterestDispatcher);
 *  - batch (`interest-batch`): one user-id range through the ledger, then the date's progress;
 *  - closeDate (`interest-date`, when all its batches are done): the date is completed and the next
 *    tick queued, so the next date starts only after this one;
 *  - batchFailedForGood: a date whose batch ran out of retries is ticked again later.
 * Each takes its job's payload as untrusted (job-payloads.ts): a date whose credit time has not come,
 * or a batch range the date's run did not plan, is refused and changes nothing.
 */
@Injectable()
export class InterestJobs {
  private readonly logger = new Logger(InterestJobs.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL) private readonly sql: Sql,
    private readonly runs: InterestRunService,
    private readonly dispatcher: InterestDispatcher,
    @InjectQueue(INTEREST_QUEUE) private readonly queue: Queue,
  ) {}

  async tick(payload: unknown): Promise<TickResult> {
    const data = parseDailyInterestJob(payload, this.config, jobsNow(this.config));
    const until = data.until ?? this.latestDueDate();
    const dates = await this.runs.datesToRun(until);
    if (dates.length === 0) return { until, upToDate: true };
    const outcome = await this.dispatcher.dispatch(dates[0], until);
    return { until, date: dates[0], outcome, datesBehind: dates.length };
  }

  async batch(payload: unknown): Promise<BatchJobResult> {
    const { date, fromUserId, toUserId } = parseInterestBatchJob(payload, this.config, jobsNow(this.config));
    const [planned] = await this.sql.query<{ run: string; batch: string | null }>(
      `select r.status as run, b.status as batch
         from interest_runs r
         left join interest_run_batches b
           on b.accrual_date = r.accrual_date and b.from_user_id = $2 and b.to_user_id = $3
        where r.accrual_date = $1`,
      [date, fromUserId, toUserId],
    );
    const skipped = (note: string): Promise<BatchJobResult> =>
      this.progressOf(date).then((progress) => {
        this.logger.log(`Interest ${date} batch [${fromUserId}, ${toUserId}): ${note}`);
        const outcome = {
          date,
          fromUserId,
          toUserId,
          accountsInRange: 0,
          accrued: 0,
          alreadyAccrued: 0,
          creditedCents: 0n,
        };
        return { outcome, progress, note };
      });
    if (planned?.run === 'completed') return skipped(`Interest for ${date} is already accrued: nothing was done.`);
    if (!planned || planned.batch === null) {
      throw new DomainError(
        'JOBS.UNPLANNED_BATCH',
        'invalid',
        `This interest-batch job for ${date} over [${fromUserId}, ${toUserId}) is refused: the run of ${date} planned no such batch.`,
      );
    }
    if (planned.batch === 'done') return skipped(`This batch of ${date} is done already: nothing was done.`);
    const outcome = await this.runs.runBatch(date, { fromUserId, toUserId }, interestJobContext(date));
    const progress = await this.progressOf(date);
    this.logger.log(
      `Interest ${date} batch [${fromUserId}, ${toUserId}): ${outcome.accrued} accrued, ` +
        `${outcome.alreadyAccrued} already, ${progress.done}/${progress.total} batches done`,
    );
    return { outcome, progress };
  }

  private async progressOf(date: string): Promise<DateProgress> {
    const [counts] = await this.sql.query<{ done: number; total: number }>(
      `select count(*) filter (where status = 'done')::int as done, count(*)::int as total
         from interest_run_batches where accrual_date = $1`,
      [date],
    );
    return { ...counts, percent: Math.floor((counts.done * 100) / Math.max(1, counts.total)) };
  }

  /** `jobId` names the follow-up tick, so a retried close queues it once. */
  async closeDate(payload: unknown, jobId: string): Promise<DateSummary> {
    const { date, until } = parseInterestDateJob(payload, this.config, jobsNow(this.config));
    const summary = await this.runs.completeDate(date);
    if (summary.status !== 'completed') {
      // a batch finished in the queue but not in the database: retrying re-checks (and the tick redoes it)
      throw new DomainError(
        'JOBS.DATE_NOT_COMPLETE',
        'conflict',
        `Interest ${date}: batches still pending, date not complete.`,
      );
    }
    this.logger.log(`Interest ${date} complete: ${summary.accounts} accounts credited in ${summary.batches} batches`);
    // go on to the next due date: up to this flow's target, or further if a tick meanwhile found
    // this date in flight and left it to this chain
    const latest = this.latestDueDate();
    const next = latest > until ? latest : until;
    if (date < next) {
      await this.queue.add(JobNames.dailyInterest, { until: next }, { jobId: `interest-next_${jobId}` });
    }
    return summary;
  }

  async batchFailedForGood(data: InterestBatchJobData, jobId: string, reason: string): Promise<void> {
    this.logger.error(`Interest ${data.date}: batch ${jobId} failed for good (${reason}); retrying the date later`);
    await this.queue.add(JobNames.dailyInterest, {}, { delay: RETRY_DATE_AFTER_MS, jobId: `interest-retry_${jobId}` });
  }

  private latestDueDate(): string {
    return latestDueDate(jobsNow(this.config), this.config.appTimezone, this.config.dailyInterestTime);
  }
}
