import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '@savings/config';
import {
  ApprovalsModule,
  AuditApplicationModule,
  InvestorQueriesModule,
  MoneyModule,
  PlatformModule,
  UsersModule,
} from '@savings/application';
import { migrateDatabase } from '@savings/database';

/** The application handlers (users, money, investor queries) without HTTP or queues. */
@Module({})
export class CliApplicationModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliApplicationModule,
      imports: [
        PlatformModule.forRoot({ config, poolMax: 4 }),
        CqrsModule.forRoot(),
        UsersModule,
        ApprovalsModule,
        MoneyModule,
        InvestorQueriesModule,
        AuditApplicationModule,
      ],
    };
  }
}

/**
 * Migrates the database when needed, opens the application context, runs `work` with it and always
 * closes it (so the process can exit). Command-line commands that need handlers use this.
 */
export async function withApplication<T>(
  config: AppConfig,
  work: (app: INestApplicationContext) => Promise<T>,
): Promise<T> {
  await migrateDatabase(config.databaseUrl);
  const app = await NestFactory.createApplicationContext(CliApplicationModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  await app.init();
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}
