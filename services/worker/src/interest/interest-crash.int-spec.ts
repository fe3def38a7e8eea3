import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Client } from 'pg';
import type { AppConfig } from '@savings/config';
import { INTEREST_QUEUE, JobNames, SQL } from '@savings/application';
import type { Sql } from '@savings/database';
import { resetDatabase } from '@savings/testing';
import {
  fundedUser,
  openQueue,
  spawnWorker,
  startApplication,
  waitFor,
  workerTestConfig,
  type WorkerChild,
} from '../testing/worker-test-kit';

const D1 = '2027-02-01';
const D2 = '2027-02-02';
const USERS = 24;
// two accounts per batch job: 13 batches a date, processed one at a time by each child
const childEnv = { INTEREST_BATCH_SIZE: '2', WORKER_CONCURRENCY: '1', WORKER_LOCK_MS: '1500' };

describe('a worker killed or stopped in the middle of a date', () => {
  let config: AppConfig;
  let app: INestApplicationContext;
  let sql: Sql;
  let queue: Queue;
  let blocker: Client;
  const users: number[] = [];
  const children: WorkerChild[] = [];

  beforeAll(async () => {
    await resetDatabase();
    config = workerTestConfig();
    app = await startApplication(config);
    sql = app.get<Sql>(SQL);
    queue = openQueue(config, INTEREST_QUEUE);
    await queue.obliterate({ force: true });
    for (let i = 0; i < USERS; i += 1) users.push(await fundedUser(app, '2500.00'));
    blocker = new Client({ connectionString: config.databaseUrl });
    await blocker.connect();
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.process.kill('SIGKILL');
    await blocker.end();
    await queue.close();
    await app.close();
  });

  /** Holds a row lock on one account so the batch containing it stops inside its transaction. */
  async function holdAccount(userId: number): Promise<void> {
    await blocker.query('begin');
    await blocker.query('select 1 from accounts where user_id = $1 for update', [userId]);
  }

  async function someoneWaitsOnLock(): Promise<boolean> {
    const [row] = await sql.query<{ n: number }>('select count(*)::int as n from pg_locks where not granted');
    return row.n > 0;
  }

  async function accruals(date: string): Promise<Map<number, number>> {
    const rows = await sql.query<{ user_id: string; n: number }>(
      'select user_id, count(*)::int as n from interest_payments where accrual_date = $1 group by user_id',
      [date],
    );
    return new Map(rows.map((row) => [Number(row.user_id), row.n]));
  }

  async function completed(date: string): Promise<boolean> {
    const [row] = await sql.query<{ status: string }>('select status from interest_runs where accrual_date = $1', [
      date,
    ]);
    return row?.status === 'completed';
  }

  it('SIGKILL mid-run: a restarted worker completes the rest without doubling', async () => {
    const stuck = users[8];
    await holdAccount(stuck);
    const first = spawnWorker(config, childEnv);
    children.push(first);
    await queue.add(JobNames.dailyInterest, { until: D1 });
    await waitFor(someoneWaitsOnLock, 'the worker to block inside a batch', 40_000);
    first.process.kill('SIGKILL');
    await first.exited;
    await blocker.query('rollback');

    const partial = await accruals(D1);
    expect(partial.size).toBeGreaterThan(0);
    expect(partial.size).toBeLessThan(USERS);
    expect(partial.has(stuck)).toBe(false);
    expect(await completed(D1)).toBe(false);

    const second = spawnWorker(config, childEnv);
    children.push(second);
    await waitFor(() => completed(D1), `the restarted worker to complete ${D1}`, 45_000);

    const after = await accruals(D1);
    expect(after.size).toBe(USERS);
    expect([...after.values()].every((n) => n === 1)).toBe(true);
    // 2500.00 * 7/36500 = 47.945...: 47 cents each, exactly once
    const [sum] = await sql.query<{ total: string }>(
      'select sum(balance_cents)::text as total from accounts where user_id = any($1::bigint[])',
      [users],
    );
    expect(BigInt(sum.total)).toBe(BigInt(USERS) * 250047n);
  }, 120_000);

  it('SIGTERM finishes the batch in flight, then the worker exits; the rest is done by the next one', async () => {
    const worker = children[1];
    const stuck = users[4];
    await holdAccount(stuck);
    await queue.add(JobNames.dailyInterest, { until: D2 });
    await waitFor(someoneWaitsOnLock, 'the worker to block inside a batch', 30_000);
    worker.process.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 500));
    // still alive: it waits for its batch
    expect(worker.process.exitCode).toBeNull();
    expect(worker.process.signalCode).toBeNull();
    await blocker.query('rollback');
    await worker.exited;

    const afterStop = await accruals(D2);
    expect(afterStop.get(stuck)).toBe(1);
    expect(afterStop.size).toBeLessThan(USERS);
    const batches = (await queue.getJobs(['completed'])).filter(
      (job) => job.name === JobNames.interestBatch && job.data.date === D2,
    );
    expect(batches.some((job) => job.data.fromUserId <= stuck && stuck < job.data.toUserId)).toBe(true);

    const next = spawnWorker(config, childEnv);
    children.push(next);
    await waitFor(() => completed(D2), `the next worker to complete ${D2}`, 45_000);
    const after = await accruals(D2);
    expect(after.size).toBe(USERS);
    expect([...after.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);
});
