import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig } from '@savings/config';
import { DependencyUnavailableError, ensureDatabase } from '@savings/database';
import { INTEREST_BATCH_SIZE } from '@savings/application';
import { WorkerModule } from './worker.module';

async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const metricsPort = Number(process.env.WORKER_METRICS_PORT ?? 9464);
  if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) {
    throw new ConfigError(`WORKER_METRICS_PORT must be a port number (got "${process.env.WORKER_METRICS_PORT}").`);
  }
  const batchSize = Number(process.env.INTEREST_BATCH_SIZE ?? INTEREST_BATCH_SIZE);
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new ConfigError(`INTEREST_BATCH_SIZE must be a positive integer (got "${process.env.INTEREST_BATCH_SIZE}").`);
  }
  // WORKER_SCHEDULES=off: a worker that only processes jobs (extra capacity, tests)
  const schedules = process.env.WORKER_SCHEDULES !== 'off';
  const app = await NestFactory.createApplicationContext(
    WorkerModule.forRoot(config, { metricsPort, batchSize, schedules }),
    { bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  // SIGTERM/SIGINT: the processors finish the batch in flight, then the connections close.
  app.enableShutdownHooks();
  await app.init();
  app.get(Logger).log(`Worker started (queue prefix "${config.queuePrefix}", time zone ${config.appTimezone})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DependencyUnavailableError) {
    console.error(error.message);
  } else if (error instanceof Error && /not reachable at/.test(error.message)) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
