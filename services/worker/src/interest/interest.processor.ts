import { Inject, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, Queue } from 'bullmq';
import type { AppConfig } from '@savings/config';
import {
  APP_CONFIG,
  INTEREST_QUEUE,
  InterestRunService,
  JobNames,
  SQL,
  latestDueDate,
  type InterestBatchJobData,
  type InterestDateJobData,
} from '@savings/application';
import type { Sql } from '@savings/database';
import { JobMetrics } from '../metrics/job-metrics';
import { workerOptions } from '../worker-options';
import { InterestDispatcher } from './interest-dispatcher';

export interface DailyInterestJobData {
  /** Last date to accrue; absent for the scheduled run (the latest date whose 10:00 has passed). */
  until?: string;
}

const RETRY_DATE_AFTER_MS = 10 * 60_000;

type InterestJob = Job<DailyInterestJobData | (InterestDateJobData & { until: string }) | InterestBatchJobData>;

/**
 * The interest queue: `daily-interest` ticks (scheduled, at start-up, and after each finished date)
 * pick the oldest due date and dispatch it; `interest-batch` jobs accrue one user-id range each;
 * `interest-date` runs when all of a date's batches are done, closes the date and ticks again, so
 * the next date starts only after the previous one completed.
 */
@Processor(INTEREST_QUEUE, workerOptions())
export class InterestProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger(InterestProcessor.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL) private readonly sql: Sql,
    private readonly runs: InterestRunService,
    private readonly dispatcher: InterestDispatcher,
    private readonly metrics: JobMetrics,
    @InjectQueue(INTEREST_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  async process(job: InterestJob): Promise<unknown> {
    return this.metrics.track(INTEREST_QUEUE, job.name, () => {
      switch (job.name) {
        case JobNames.dailyInterest:
          return this.tick(job.data as DailyInterestJobData);
        case JobNames.interestBatch:
          return this.batch(job as Job<InterestBatchJobData>);
        case JobNames.interestDate:
          return this.closeDate(job as Job<InterestDateJobData & { until: string }>);
        default:
          throw new Error(`Unknown job ${job.name} on queue ${INTEREST_QUEUE}`);
      }
    });
  }

  private async tick(data: DailyInterestJobData): Promise<unknown> {
    const until = data.until ?? latestDueDate(new Date(), this.config.appTimezone, this.config.dailyInterestTime);
    const dates = await this.runs.datesToRun(until);
    if (dates.length === 0) return { until, upToDate: true };
    const outcome = await this.dispatcher.dispatch(dates[0], until);
    return { until, date: dates[0], outcome, datesBehind: dates.length };
  }

  private async batch(job: Job<InterestBatchJobData>): Promise<unknown> {
    const { date, fromUserId, toUserId } = job.data;
    const outcome = await this.runs.runBatch(date, { fromUserId, toUserId }, jobContext(date));
    this.metrics.countAccrued(outcome.accrued);
    await job.updateProgress(100);
    const [progress] = await this.sql.query<{ done: number; total: number }>(
      `select count(*) filter (where status = 'done')::int as done, count(*)::int as total
         from interest_run_batches where accrual_date = $1`,
      [date],
    );
    this.logger.log(
      `Interest ${date} batch [${fromUserId}, ${toUserId}): ${outcome.accrued} accrued, ` +
        `${outcome.alreadyAccrued} already, ${progress.done}/${progress.total} batches done`,
    );
    if (job.parent) {
      const parent = job.parent.id ? await this.queue.getJob(job.parent.id) : undefined;
      await parent?.updateProgress({ ...progress, percent: Math.floor((progress.done * 100) / progress.total) });
    }
    return { ...outcome, creditedCents: outcome.creditedCents.toString() };
  }

  private async closeDate(job: Job<InterestDateJobData & { until: string }>): Promise<unknown> {
    const { date, until } = job.data;
    const summary = await this.runs.completeDate(date);
    if (summary.status !== 'completed') {
      // a batch finished in the queue but not in the database: retrying re-checks (and the tick redoes it)
      throw new Error(`Interest ${date}: batches still pending, date not complete`);
    }
    this.logger.log(`Interest ${date} complete: ${summary.accounts} accounts credited in ${summary.batches} batches`);
    await job.updateProgress(100);
    // go on to the next due date: up to this flow's target, or further if a tick meanwhile found
    // this date in flight and left it to this chain
    const latest = latestDueDate(new Date(), this.config.appTimezone, this.config.dailyInterestTime);
    const next = latest > until ? latest : until;
    if (date < next) {
      await this.queue.add(JobNames.dailyInterest, { until: next }, { jobId: `interest-next_${job.id}` });
    }
    return { ...summary, creditedCents: summary.creditedCents.toString() };
  }

  /** A batch out of retries failed its date; tick again later so the date is dispatched anew. */
  @OnWorkerEvent('failed')
  async onFailed(job: InterestJob | undefined): Promise<void> {
    if (!job || job.name !== JobNames.interestBatch || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    const { date } = job.data as InterestBatchJobData;
    this.logger.error(
      `Interest ${date}: batch ${job.id} failed for good (${job.failedReason}); retrying the date later`,
    );
    await this.queue
      .add(JobNames.dailyInterest, {}, { delay: RETRY_DATE_AFTER_MS, jobId: `interest-retry_${job.id}` })
      .catch(() => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    // finish the batch in flight before the database pool closes (SIGTERM)
    await this.worker.close();
  }
}

export function jobContext(date: string): Parameters<InterestRunService['runBatch']>[2] {
  return { actor: { kind: 'job', id: 'daily-interest' }, correlationId: `interest-${date}` };
}
