import { Logger } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type { AppConfig } from '@savings/config';
import { bullConnection } from '@savings/application';
import { jobFailure } from './job-failure';

const logger = new Logger('QueueWorker');

/**
 * A BullMQ worker for one queue, with the settings of the validated configuration (WORKER_LOCK_MS:
 * how soon a killed worker's job is taken over; concurrency per queue). Created when the application
 * starts, closed (after the job in flight) when it stops. A job that fails records one sentence
 * (jobFailure); what really happened goes to the worker's log with the job's id.
 */
export function openQueueWorker(
  queue: string,
  config: AppConfig,
  process: (job: Job) => Promise<unknown>,
  concurrency: number,
): Worker {
  const lockDuration = config.worker.lockMs;
  const guarded = async (job: Job): Promise<unknown> => {
    try {
      return await process(job);
    } catch (error) {
      const failure = jobFailure(error);
      logger.error(
        `Job ${String(job.id).slice(0, 100)} on ${queue} failed: ${failure.message}`,
        error instanceof Error ? error.stack : String(error),
      );
      throw failure;
    }
  };
  return new Worker(queue, guarded, {
    connection: bullConnection(config),
    prefix: config.queuePrefix,
    concurrency,
    lockDuration,
    stalledInterval: lockDuration,
    maxStalledCount: 3,
  });
}
