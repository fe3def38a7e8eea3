import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig, type AppConfig } from '@savings/config';
import {
  ConfirmDepositCommand,
  INTEREST_QUEUE,
  JobsModule,
  MoneyModule,
  PAYOUTS_QUEUE,
  PlatformModule,
  SQL,
  bullConnection,
  type CommandContext,
} from '@savings/application';
import type { Sql } from '@savings/database';
import { testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import { WorkerModule, type WorkerRunOptions } from '../worker.module';

/** Test configuration: this jest worker's database and Redis prefix (payout files only in the database). */
export function workerTestConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testRedisPrefix(),
    // these tests set up balances with single admin moves; four eyes has its own tests (approvals.e2e-spec)
    FOUR_EYES_THRESHOLD: 'off',
    ...env,
  });
}

/** The application handlers and orchestration without any BullMQ worker (to drive and inspect). */
export async function startApplication(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(
    {
      module: class JobsTestModule {},
      imports: [PlatformModule.forRoot({ config, poolMax: 6 }), CqrsModule.forRoot(), MoneyModule, JobsModule],
    },
    { logger: false, abortOnError: false },
  );
  await app.init();
  return app;
}

/** A queue of this test's prefix, not bound to any worker. */
export function openQueue(config: AppConfig, name: string): Queue {
  return new Queue(name, { prefix: config.queuePrefix, connection: bullConnection(config) });
}

/** A real worker (processors, queues, money handlers) in this process, without schedules or metrics port. */
export async function startWorker(config: AppConfig, options: WorkerRunOptions = {}): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(
    WorkerModule.forRoot(config, { schedules: false, metricsPort: 0, ...options }),
    { logger: false, abortOnError: false },
  );
  await app.init();
  return app;
}

export function queuesOf(app: INestApplicationContext): { interest: Queue; payouts: Queue } {
  return {
    interest: app.get<Queue>(getQueueToken(INTEREST_QUEUE)),
    payouts: app.get<Queue>(getQueueToken(PAYOUTS_QUEUE)),
  };
}

/** Empties this test file's queues (a previous run may have left jobs under the same prefix). */
export async function obliterateQueues(app: INestApplicationContext): Promise<void> {
  const { interest, payouts } = queuesOf(app);
  for (const queue of [interest, payouts]) {
    await queue.obliterate({ force: true });
  }
}

/** An admin who is none of the test customers (an admin never moves money on their own account). */
export const adminContext: CommandContext = {
  actor: { kind: 'admin', id: 2_000_000_000 },
  correlationId: 'worker-test',
};

let userCounter = 0;

/** A customer with banking details and the given deposit (through ConfirmDepositCommand). */
export async function fundedUser(app: INestApplicationContext, amount: string | null, name?: string): Promise<number> {
  userCounter += 1;
  const tag = `${process.pid}-${userCounter}`;
  const [row] = await app.get<Sql>(SQL).query<{ id: string }>(
    `insert into users (name, email, password_hash, reference_code, beneficiary_name, iban, swift)
     values ($1, $2, 'x', $3, $4, 'GB82WEST12345698765432', 'DEUTDEFF') returning id`,
    [`Customer ${tag}`, `customer-${tag}@example.test`, `REF${tag}`, name ?? `Beneficiary ${tag}`],
  );
  const userId = Number(row.id);
  if (amount !== null) {
    await app.get(CommandBus).execute(new ConfirmDepositCommand(userId, amount, null, adminContext));
  }
  return userId;
}

export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export interface WorkerChild {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The real worker entry (main.ts) in a child process, so a test can SIGKILL or SIGTERM it. */
export function spawnWorker(config: AppConfig, env: Record<string, string>): WorkerChild {
  let output = '';
  const child = spawn(process.execPath, [resolve(__dirname, 'ts-child.cjs'), resolve(__dirname, '../main.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      QUEUE_PREFIX: config.queuePrefix,
      ...(config.payoutDir ? { PAYOUT_DIR: config.payoutDir } : {}),
      ...(config.jobsClockAt ? { JOBS_CLOCK_AT: config.jobsClockAt.toISOString() } : {}),
      LOG_LEVEL: 'info',
      WORKER_METRICS_PORT: '0',
      WORKER_SCHEDULES: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { process: child, output: () => output, exited };
}
