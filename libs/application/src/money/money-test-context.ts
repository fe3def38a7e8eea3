import { Test } from '@nestjs/testing';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Global, Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig, type AppConfig } from '@savings/config';
import { bankingFingerprint } from '@savings/ledger';
import { createOrmOptions, PooledSql, type Sql } from '@savings/database';
import { resetDatabase, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import { APP_CONFIG, SQL } from '../platform/tokens';
import type { CommandContext } from './money.commands';
import { MoneyModule } from './money.module';

/** The money handlers on this jest worker's emptied test database, driven through the real buses. */
export interface MoneyTestContext {
  app: INestApplicationContext;
  commands: CommandBus;
  queries: QueryBus;
  sql: Sql;
  config: AppConfig;
  createUser(options?: { banking?: boolean }): Promise<number>;
  /** the keyed fingerprint of the banking details createUser saves (what an approval of theirs records) */
  testBankingFingerprint: string;
  close(): Promise<void>;
}

let userCounter = 0;

const TEST_BANKING_DETAILS = { beneficiaryName: 'Jane Doe', iban: 'GB82WEST12345698765432', bic: 'DEUTDEFF' };

/**
 * `keepDatabase`: a second context (as another process would be) on the database a first one emptied.
 * `env` overrides settings (FOUR_EYES_THRESHOLD); `modules` adds application modules beside MoneyModule.
 */
export async function startMoneyContext(
  options: { keepDatabase?: boolean; env?: Record<string, string>; modules?: Type[] } = {},
): Promise<MoneyTestContext> {
  if (!options.keepDatabase) await resetDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testRedisPrefix(),
    // these tests drive single admin moves; four eyes has its own tests (approvals.e2e-spec)
    FOUR_EYES_THRESHOLD: 'off',
    ...options.env,
  });
  // the money handlers need only SQL and the configuration; no entities, so no metadata discovery
  // (MikroORM's global metadata storage breaks when a second test file in one worker discovers entities)
  const orm = await MikroORM.init(createOrmOptions({ databaseUrl: config.databaseUrl, entities: [], poolMax: 20 }));
  const sql: Sql = new PooledSql(orm);
  @Global()
  @Module({
    providers: [
      { provide: SQL, useValue: sql },
      { provide: APP_CONFIG, useValue: config },
    ],
    exports: [SQL, APP_CONFIG],
  })
  class TestPlatformModule {}
  const moduleRef = await Test.createTestingModule({
    imports: [TestPlatformModule, CqrsModule.forRoot(), MoneyModule, ...(options.modules ?? [])],
  }).compile();
  const app = await moduleRef.init();
  return {
    app,
    commands: app.get(CommandBus),
    queries: app.get(QueryBus),
    sql,
    config,
    testBankingFingerprint: bankingFingerprint(config.bankingFingerprintKey, TEST_BANKING_DETAILS),
    async createUser(options = {}) {
      userCounter += 1;
      const tag = `${process.pid}-${userCounter}`;
      const [row] = await sql.query<{ id: string }>(
        `insert into users (name, email, password_hash, reference_code, beneficiary_name, iban, swift)
         values ($1, $2, 'x', $3, $4, $5, $6) returning id::text as id`,
        [
          `User ${tag}`,
          `user-${tag}@example.com`,
          `REF-${tag}`,
          options.banking === false ? null : TEST_BANKING_DETAILS.beneficiaryName,
          options.banking === false ? null : TEST_BANKING_DETAILS.iban,
          options.banking === false ? null : TEST_BANKING_DETAILS.bic,
        ],
      );
      return Number(row.id);
    },
    async close() {
      await app.close();
      await orm.close(true);
    },
  };
}

/** An admin who is none of the test customers (an admin never moves money on their own account). */
export const adminContext = (overrides: Partial<CommandContext> = {}): CommandContext => ({
  actor: { kind: 'admin', id: 2_000_000_000 },
  correlationId: 'test',
  ...overrides,
});

export const userContext = (userId: number, overrides: Partial<CommandContext> = {}): CommandContext => ({
  actor: { kind: 'user', id: userId },
  correlationId: 'test',
  ...overrides,
});
