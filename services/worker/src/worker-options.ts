import type { WorkerOptions } from 'bullmq';

/**
 * Worker settings read once from the environment: WORKER_CONCURRENCY jobs at once per process (two
 * batches use both cores of a small machine), and how soon a job of a killed worker is taken over
 * (WORKER_LOCK_MS; BullMQ's default 30 s).
 */
export function workerOptions(env: NodeJS.ProcessEnv = process.env): Partial<WorkerOptions> {
  const concurrency = positive(env.WORKER_CONCURRENCY, 2);
  const lockDuration = positive(env.WORKER_LOCK_MS, 30_000);
  return { concurrency, lockDuration, stalledInterval: lockDuration, maxStalledCount: 3 };
}

function positive(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}
