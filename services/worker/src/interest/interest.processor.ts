import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue, type Job, type Worker } from 'bullmq';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, INTEREST_QUEUE, InterestJobs, JobNames, type InterestBatchJobData } from '@savings/application';
import { DomainError } from '@savings/domain';
import { JobMetrics } from '../metrics/job-metrics';
import { openQueueWorker } from '../queue-worker';

const INTEREST_JOBS = new Set<string>([JobNames.dailyInterest, JobNames.interestBatch, JobNames.interestDate]);

/** The interest queue's jobs, each translated into a call of the InterestJobs use case. */
@Injectable()
export class InterestProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker: Worker | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: InterestJobs,
    private readonly metrics: JobMetrics,
    @InjectQueue(INTEREST_QUEUE) private readonly queue: Queue,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = openQueueWorker(
      INTEREST_QUEUE,
      this.config,
      (job) => this.process(job),
      this.config.worker.concurrency,
    );
    this.worker.on('failed', (job) => void this.onFailed(job));
  }

  /** Payloads go to the use case as they came (unknown): it checks them (job-payloads.ts). */
  process(job: Job): Promise<unknown> {
    if (!INTEREST_JOBS.has(job.name)) {
      return Promise.reject(
        new DomainError('JOBS.UNKNOWN_JOB', 'invalid', `The ${INTEREST_QUEUE} queue runs no such job.`),
      );
    }
    return this.metrics.track(INTEREST_QUEUE, job.name, async () => {
      switch (job.name) {
        case JobNames.dailyInterest:
          return this.jobs.tick(job.data);
        case JobNames.interestBatch: {
          const { outcome, progress, note } = await this.jobs.batch(job.data);
          this.metrics.countAccrued(outcome.accrued);
          await job.updateProgress(100);
          const parent = job.parent?.id ? await this.queue.getJob(job.parent.id) : undefined;
          await parent?.updateProgress(progress);
          return { ...outcome, creditedCents: outcome.creditedCents.toString(), ...(note ? { note } : {}) };
        }
        default: {
          const summary = await this.jobs.closeDate(job.data, String(job.id));
          await job.updateProgress(100);
          return { ...summary, creditedCents: summary.creditedCents.toString() };
        }
      }
    });
  }

  /** A batch out of retries failed its date: the use case ticks again later. */
  private async onFailed(job: Job | undefined): Promise<void> {
    if (!job || job.name !== JobNames.interestBatch || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    await this.jobs
      .batchFailedForGood(job.data as InterestBatchJobData, String(job.id), job.failedReason)
      .catch(() => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    // finish the batch in flight before the database pool closes (SIGTERM)
    await this.worker?.close();
  }
}
