import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig, WorkerSettings } from '@savings/config';
import {
  AUDIT_QUEUE,
  INTEREST_FLOW,
  INTEREST_QUEUE,
  InterestDispatcher,
  InterestJobs,
  JobsModule,
  MAIL_QUEUE,
  MailModule,
  MoneyModule,
  PAYOUTS_QUEUE,
  PlatformModule,
  BACKUPS_QUEUE,
  bullConnection,
  defaultJobOptions,
} from '@savings/application';
import { VerifyLedgerProcessor } from './audit/verify-ledger.processor';
import { InterestProcessor } from './interest/interest.processor';
import { BlockSealer } from './ledger/block-sealer';
import { MailProcessor } from './mail/mail.processor';
import { JobMetrics } from './metrics/job-metrics';
import { MetricsServer } from './metrics/metrics-server';
import { PayoutsProcessor } from './payouts/payouts.processor';
import { BackupProcessor } from './backups/backup.processor';
import { JobSchedules } from './schedules/job-schedules';

/** Settings a test (or a benchmark) starts its worker with instead of the configured ones. */
export type WorkerRunOptions = Partial<Pick<WorkerSettings, 'schedules' | 'metricsPort' | 'concurrency' | 'mail'>> & {
  /** User ids per interest batch job. */
  batchSize?: number;
};

/** The background worker: the same application handlers as the API, driven by BullMQ jobs. */
@Module({})
export class WorkerModule {
  static forRoot(appConfig: AppConfig, options: WorkerRunOptions = {}): DynamicModule {
    const { batchSize, ...settings } = options;
    const config: AppConfig = {
      ...appConfig,
      worker: {
        ...appConfig.worker,
        ...settings,
        ...(batchSize !== undefined ? { interestBatchSize: batchSize } : {}),
      },
    };
    return {
      module: WorkerModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        PlatformModule.forRoot({ config, poolMax: 10 }),
        CqrsModule.forRoot(),
        MoneyModule,
        JobsModule,
        MailModule,
        BullModule.forRoot({ prefix: config.queuePrefix, connection: bullConnection(config), defaultJobOptions }),
        BullModule.registerQueue(
          { name: INTEREST_QUEUE },
          { name: PAYOUTS_QUEUE },
          { name: AUDIT_QUEUE },
          { name: MAIL_QUEUE },
          { name: BACKUPS_QUEUE },
        ),
        BullModule.registerFlowProducer({ name: INTEREST_FLOW }),
      ],
      providers: [
        JobMetrics,
        MetricsServer,
        InterestDispatcher,
        InterestJobs,
        InterestProcessor,
        PayoutsProcessor,
        VerifyLedgerProcessor,
        MailProcessor,
        JobSchedules,
        BlockSealer,
        BackupProcessor,
      ],
    };
  }
}
