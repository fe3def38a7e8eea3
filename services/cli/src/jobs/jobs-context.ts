import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '@savings/config';
import { JobsModule, MoneyModule, PlatformModule } from '@savings/application';
import { migrateDatabase } from '@savings/database';

/** The application handlers without HTTP or queues: what `npm run jobs` runs in-process. */
@Module({})
export class JobsCliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: JobsCliModule,
      imports: [PlatformModule.forRoot({ config, poolMax: 4 }), CqrsModule.forRoot(), MoneyModule, JobsModule],
    };
  }
}

/** Creates and migrates the database when needed, then opens the application context. */
export async function openJobsContext(config: AppConfig): Promise<INestApplicationContext> {
  await migrateDatabase(config.databaseUrl);
  const app = await NestFactory.createApplicationContext(JobsCliModule.forRoot(config), { logger: ['error', 'warn'] });
  await app.init();
  return app;
}
