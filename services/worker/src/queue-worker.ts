import { Worker, type Job } from 'bullmq';
import type { AppConfig } from '@savings/config';
import { bullConnection } from '@savings/application';

/**
 * A BullMQ worker for one queue, with the settings of the validated configuration (WORKER_LOCK_MS:
 * how soon a killed worker's job is taken over; concurrency per queue). Created when the application
 * starts, closed (after the job in flight) when it stops.
 */
export function openQueueWorker(
  queue: string,
  config: AppConfig,
  process: (job: Job) => Promise<unknown>,
  concurrency: number,
): Worker {
  const lockDuration = config.worker.lockMs;
  return new Worker(queue, process, {
    connection: bullConnection(config),
    prefix: config.queuePrefix,
    concurrency,
    lockDuration,
    stalledInterval: lockDuration,
    maxStalledCount: 3,
  });
}
