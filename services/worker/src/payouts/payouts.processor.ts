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
  todayIn,
  type MonthlyWithdrawalsJobData,
} from '@savings/application';
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
    await this.worker?.close();
  }
}
