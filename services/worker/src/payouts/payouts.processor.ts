import { Inject, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { AppConfig } from '@savings/config';
import {
  APP_CONFIG,
  JobNames,
  PAYOUTS_QUEUE,
  PayoutRunService,
  todayIn,
  type MonthlyWithdrawalsJobData,
} from '@savings/application';
import { JobMetrics } from '../metrics/job-metrics';
import { workerOptions } from '../worker-options';

/** The monthly payout of approved withdrawals (scheduled on the 1st), through PayoutRunService. */
@Processor(PAYOUTS_QUEUE, { ...workerOptions(), concurrency: 1 })
export class PayoutsProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger(PayoutsProcessor.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payouts: PayoutRunService,
    private readonly metrics: JobMetrics,
  ) {
    super();
  }

  async process(job: Job<MonthlyWithdrawalsJobData>): Promise<unknown> {
    if (job.name !== JobNames.monthlyWithdrawals) throw new Error(`Unknown job ${job.name} on ${PAYOUTS_QUEUE}`);
    return this.metrics.track(PAYOUTS_QUEUE, job.name, async () => {
      const date = job.data.date ?? todayIn(this.config.appTimezone);
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
      await job.updateProgress(100);
      return {
        date,
        paidOut: result.paidOut,
        files: result.files.map((file) => ({ ...file, totalCents: file.totalCents.toString() })),
      };
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
