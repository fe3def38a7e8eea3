import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { AppConfig } from '@savings/config';
import {
  APP_CONFIG,
  JobNames,
  PAYOUTS_QUEUE,
  PayoutRunService,
  jobsNow,
  parseMonthlyWithdrawalsJob,
  scheduledPayoutDate,
} from '@savings/application';
import { DomainError } from '@savings/domain';
import { JobMetrics } from '../metrics/job-metrics';
import { openQueueWorker } from '../queue-worker';

/** The monthly payout of approved withdrawals (scheduled on the 1st), through PayoutRunService. */
@Injectable()
export class PayoutsProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PayoutsProcessor.name);
  private worker: Worker | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payouts: PayoutRunService,
    private readonly metrics: JobMetrics,
  ) {}

  onApplicationBootstrap(): void {
    // one payout run at a time per worker
    this.worker = openQueueWorker(PAYOUTS_QUEUE, this.config, (job) => this.process(job), 1);
  }

  /** The payload is untrusted: a 1st of a month whose payout time has come, or none (the latest such). */
  async process(job: Job): Promise<unknown> {
    if (job.name !== JobNames.monthlyWithdrawals) {
      throw new DomainError('JOBS.UNKNOWN_JOB', 'invalid', `The ${PAYOUTS_QUEUE} queue runs no such job.`);
    }
    const date =
      parseMonthlyWithdrawalsJob(job.data, this.config, jobsNow(this.config)).date ?? scheduledPayoutDate(this.config);
    return this.metrics.track(PAYOUTS_QUEUE, job.name, async () => {
      const result = await this.payouts.run(
        date,
        { actor: { kind: 'job', id: 'monthly-withdrawals' }, correlationId: `payout-${date}-${job.id}` },
        { onPaid: (done, total) => void job.updateProgress(Math.floor((done * 100) / total)) },
      );
      this.metrics.countPaidOut(result.paidOut);
      for (const file of result.files) {
        this.logger.log(
          `Payout ${date}: file ${file.id} with ${file.withdrawalCount} withdrawals (${file.totalCents} cents) written`,
        );
      }
      if (result.files.length === 0) this.logger.log(`Payout ${date}: no approved withdrawals to pay out`);
      for (const left of result.leftOut) {
        this.logger.warn(`Payout ${date}: withdrawal ${left.withdrawalId} left out and pending again (${left.reason})`);
      }
      await job.updateProgress(100);
      return {
        date,
        paidOut: result.paidOut,
        files: result.files.map((file) => ({ ...file, totalCents: file.totalCents.toString() })),
        // api-contract.md section 15: approved withdrawals whose banking details are not the approved ones
        leftOut: result.leftOut.map((left) => ({ ...left, amountCents: left.amountCents.toString() })),
        ...(result.files.length === 0 ? { note: `No approved withdrawals to pay out as of ${date}.` } : {}),
      };
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
