import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import {
  VERIFY_JOB_OPTIONS,
  VERIFY_LEDGER_JOB,
  AUDIT_QUEUE,
  verifyRunOf,
  type SessionUser,
  type VerifyJobData,
} from '@savings/application';
import type { VerifyReport, VerifyRun } from '@savings/contracts';
import { DomainError } from '@savings/domain';

const RECENT_RUNS = 10;

/** Verify runs are BullMQ jobs of the audit queue; a worker runs them (services/worker/src/audit). */
@Injectable()
export class VerifyRunsService {
  constructor(@InjectQueue(AUDIT_QUEUE) private readonly queue: Queue<VerifyJobData, VerifyReport>) {}

  async start(user: SessionUser): Promise<VerifyRun> {
    const job = await this.queue.add(
      VERIFY_LEDGER_JOB,
      { requestedBy: `${user.name} (${user.role})` },
      VERIFY_JOB_OPTIONS,
    );
    return verifyRunOf(job);
  }

  async get(id: string): Promise<VerifyRun> {
    const job = /^[1-9]\d{0,15}$/.test(id) ? await this.queue.getJob(id) : undefined;
    if (!job || job.name !== VERIFY_LEDGER_JOB) {
      throw new DomainError('AUDIT.NO_SUCH_RUN', 'not_found', 'Verify run not found');
    }
    return verifyRunOf(job);
  }

  async recent(): Promise<VerifyRun[]> {
    const jobs = await this.queue.getJobs(['active', 'waiting', 'completed', 'failed'], 0, RECENT_RUNS * 2);
    const runs = jobs.filter((job): job is Job<VerifyJobData, VerifyReport> => job?.name === VERIFY_LEDGER_JOB);
    runs.sort((a, b) => b.timestamp - a.timestamp);
    return Promise.all(runs.slice(0, RECENT_RUNS).map(verifyRunOf));
  }
}
