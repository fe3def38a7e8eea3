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
// two accounts per batch job (13 batches a date), two batches at a time: one lane stays blocked on a
// held row lock while the other finishes every other batch
const childEnv = { INTEREST_BATCH_SIZE: '2', WORKER_CONCURRENCY: '2', WORKER_LOCK_MS: '1500' };

describe('a worker killed or stopped in the middle of a date', () => {
  let config: AppConfig;
  let app: INestApplicationContext;
  let sql: Sql;
  let queue: Queue;
  let blocker: Client;
  let blockerPid: number;
  const users: number[] = [];
  const children: WorkerChild[] = [];

  beforeAll(async () => {
    await resetDatabase();
    config = workerTestConfig({ JOBS_CLOCK_AT: '2027-02-02T12:00:00Z' });
    app = await startApplication(config);
    sql = app.get<Sql>(SQL);
    queue = openQueue(config, INTEREST_QUEUE);
    await queue.obliterate({ force: true });
    for (let i = 0; i < USERS; i += 1) users.push(await fundedUser(app, '2500.00'));
    blocker = new Client({ connectionString: config.databaseUrl });
    await blocker.connect();
    blockerPid = (await blocker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
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

  /** A session of this database waits for the blocker's lock (the worker, inside a batch). */
  async function workerBlocked(): Promise<boolean> {
    const [row] = await sql.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and $1::int = any(pg_blocking_pids(pid))`,
      [blockerPid],
    );
    return row.n > 0;
  }

  /** Every batch of the date but the blocked one is done. */
  async function allButOneDone(date: string): Promise<boolean> {
    const [row] = await sql.query<{ pending: number }>(
      "select count(*)::int as pending from interest_run_batches where accrual_date = $1 and status <> 'done'",
      [date],
    );
    return row?.pending === 1;
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
    await waitFor(workerBlocked, 'the worker to block inside a batch', 40_000);
    await waitFor(() => allButOneDone(D1), 'the other batches', 30_000);
    first.process.kill('SIGKILL');
    await first.exited;
    await blocker.query('rollback');

    const partial = await accruals(D1);
    // everything but the batch in flight (two accounts) was accrued when the worker died
    expect(partial.size).toBe(USERS - 2);
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
    await waitFor(workerBlocked, 'the worker to block inside a batch', 30_000);
    worker.process.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 500));
    // still alive: it waits for its batch
    expect(worker.process.exitCode).toBeNull();
    expect(worker.process.signalCode).toBeNull();
    await blocker.query('rollback');
    await worker.exited;

    const afterStop = await accruals(D2);
    expect(afterStop.get(stuck)).toBe(1);
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
