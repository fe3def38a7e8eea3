import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, AUDIT_QUEUE, SQL, VERIFY_LEDGER_JOB, type VerifyJobData } from '@savings/application';
import { verifyLedger } from '@savings/ledger';
import type { VerifyReport, VerifyRunProgress } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { JobMetrics } from '../metrics/job-metrics';
import { openQueueWorker } from '../queue-worker';

/** Progress is written to the job at most this often (a big ledger reports thousands of pages). */
const PROGRESS_EVERY_MS = 250;

/** `ledger verify` for the auditor console, with its progress on the job (the API reads it back). */
@Injectable()
export class VerifyLedgerProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(VerifyLedgerProcessor.name);
  private worker: Worker | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL) private readonly sql: Sql,
    private readonly metrics: JobMetrics,
  ) {}

  onApplicationBootstrap(): void {
    // one verify at a time per worker: it reads the whole log
    this.worker = openQueueWorker(AUDIT_QUEUE, this.config, (job) => this.process(job), 1);
  }

  async process(job: Job<VerifyJobData, VerifyReport>): Promise<VerifyReport> {
    if (job.name !== VERIFY_LEDGER_JOB) throw new Error(`Unknown job ${job.name} on ${AUDIT_QUEUE}`);
    return this.metrics.track(AUDIT_QUEUE, job.name, async () => {
      let last = 0;
      let latest: VerifyRunProgress | null = null;
      const report = await verifyLedger(this.sql, {
        bankingFingerprintKey: this.config.bankingFingerprintKey,
        onProgress: (progress) => {
          latest = progress;
          if (Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          void job.updateProgress({ ...progress });
        },
      });
      if (latest) await job.updateProgress({ ...(latest as VerifyRunProgress), stage: 'done' });
      this.logger.log(`Verify run ${job.id} for ${job.data.requestedBy}: ${report.ok ? 'ok' : 'FAILED'}`);
      return report;
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
