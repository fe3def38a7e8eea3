import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig } from '@savings/config';
import { DependencyUnavailableError, ensureDatabase } from '@savings/database';
import { WorkerModule } from './worker.module';

async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
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
