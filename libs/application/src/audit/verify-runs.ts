import type { Job, JobState } from 'bullmq';
import type { VerifyReport, VerifyRun, VerifyRunProgress, VerifyRunStatus } from '@savings/contracts';

/**
 * `ledger verify` as a background job for the auditor console: the API queues it, a worker runs it
 * (verifyLedger with onProgress) and reports progress on the job, the console polls the job. Verify reads the
 * whole log and hashes every event, minutes on a big ledger: it never runs inside a request.
 */
export const AUDIT_QUEUE = 'audit';
export const VERIFY_LEDGER_JOB = 'verify-ledger';

export interface VerifyJobData {
  /** who asked, as "name (role)" */
  requestedBy: string;
}

/** One run at a time is enough; a verify job that fails (the database went away) is not retried. */
export const VERIFY_JOB_OPTIONS = {
  attempts: 1,
  removeOnComplete: { count: 50 },
  removeOnFail: { count: 50 },
} as const;

const STATUS: Partial<Record<JobState | 'unknown', VerifyRunStatus>> = {
  waiting: 'queued',
  'waiting-children': 'queued',
  prioritized: 'queued',
  delayed: 'queued',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
};

const iso = (ms: number | undefined): string | null => (ms ? new Date(ms).toISOString() : null);

/** A verify job as the console shows it. */
export async function verifyRunOf(job: Job<VerifyJobData, VerifyReport>): Promise<VerifyRun> {
  const state = await job.getState();
  const status = STATUS[state] ?? 'queued';
  const progress =
    typeof job.progress === 'object' && job.progress !== null ? (job.progress as VerifyRunProgress) : null;
  return {
    id: String(job.id),
    status,
    requestedBy: job.data.requestedBy,
    requestedAt: new Date(job.timestamp).toISOString(),
    startedAt: iso(job.processedOn),
    finishedAt: status === 'completed' || status === 'failed' ? iso(job.finishedOn) : null,
    progress,
    report: status === 'completed' ? (job.returnvalue ?? null) : null,
    // the processor records one sentence, never a stack (api-contract.md section 10)
    error: status === 'failed' ? 'The verify run stopped before it finished; start another.' : null,
  };
}
