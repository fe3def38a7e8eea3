import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '@savings/config';
import {
  AUDIT_QUEUE,
  INTEREST_QUEUE,
  INTEREST_BATCH_SIZE,
  JobsModule,
  MoneyModule,
  PAYOUTS_QUEUE,
  PlatformModule,
  bullConnection,
  defaultJobOptions,
} from '@savings/application';
import { VerifyLedgerProcessor } from './audit/verify-ledger.processor';
import { BATCH_SIZE, INTEREST_FLOW, InterestDispatcher } from './interest/interest-dispatcher';
import { InterestProcessor } from './interest/interest.processor';
import { BlockSealer } from './ledger/block-sealer';
import { JobMetrics } from './metrics/job-metrics';
import { METRICS_PORT, MetricsServer } from './metrics/metrics-server';
import { PayoutsProcessor } from './payouts/payouts.processor';
import { JobSchedules, SCHEDULES_ENABLED } from './schedules/job-schedules';

export interface WorkerRunOptions {
  /** Declare the schedules and tick at start-up (off in tests that drive dates themselves). */
  schedules?: boolean;
  /** Prometheus port; 0 serves no metrics. */
  metricsPort?: number;
  /** User ids per interest batch job. */
  batchSize?: number;
}

/** The background worker: the same application handlers as the API, driven by BullMQ jobs. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, options: WorkerRunOptions = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        PlatformModule.forRoot({ config, poolMax: 10 }),
        CqrsModule.forRoot(),
        MoneyModule,
        JobsModule,
        BullModule.forRoot({ prefix: config.queuePrefix, connection: bullConnection(config), defaultJobOptions }),
        BullModule.registerQueue({ name: INTEREST_QUEUE }, { name: PAYOUTS_QUEUE }, { name: AUDIT_QUEUE }),
        BullModule.registerFlowProducer({ name: INTEREST_FLOW }),
      ],
      providers: [
        { provide: SCHEDULES_ENABLED, useValue: options.schedules ?? true },
        { provide: METRICS_PORT, useValue: options.metricsPort ?? 9464 },
        { provide: BATCH_SIZE, useValue: options.batchSize ?? INTEREST_BATCH_SIZE },
        JobMetrics,
        MetricsServer,
        InterestDispatcher,
        InterestProcessor,
        PayoutsProcessor,
        VerifyLedgerProcessor,
        JobSchedules,
        BlockSealer,
      ],
    };
  }
}
