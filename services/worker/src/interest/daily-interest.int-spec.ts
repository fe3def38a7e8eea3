import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, InterestRunService, JobNames, SQL } from '@savings/application';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { resetDatabase } from '@savings/testing';
import {
  fundedUser,
  obliterateQueues,
  queuesOf,
  startWorker,
  waitFor,
  workerTestConfig,
} from '../testing/worker-test-kit';

// accrual dates after the deposits (interest is paid on the balance as it stood at each date's 10:00)
const D = '2027-01-04';
const BATCH = 4;
const jobContext = { actor: { kind: 'job' as const, id: 'test' }, correlationId: 'daily-interest-test' };

describe('daily interest through the queue: exactly once per account and date', () => {
  let workerA: INestApplicationContext;
  let workerB: INestApplicationContext;
  let queue: Queue;
  let sql: Sql;
  const funded: number[] = [];
  let unfunded: number;

  beforeAll(async () => {
    await resetDatabase();
    // the jobs take 2027-01-04 noon as now (D is due, nothing after it); the catch-up test moves it on
    const config = workerTestConfig({ JOBS_CLOCK_AT: '2027-01-04T12:00:00Z' });
    workerA = await startWorker(config, { batchSize: BATCH });
    workerB = await startWorker(config, { batchSize: BATCH });
    await obliterateQueues(workerA);
    queue = queuesOf(workerA).interest;
    sql = workerA.get<Sql>(SQL);
    for (let i = 0; i < 30; i += 1) funded.push(await fundedUser(workerA, '1000.00'));
    unfunded = await fundedUser(workerA, null);
  }, 60_000);

  afterAll(async () => {
    await workerA.close();
    await workerB.close();
  });

  async function runCompleted(date: string): Promise<boolean> {
    const [row] = await sql.query<{ status: string }>('select status from interest_runs where accrual_date = $1', [
      date,
    ]);
    return row?.status === 'completed';
  }

  async function queueIdle(): Promise<boolean> {
    const counts = await queue.getJobCounts('active', 'waiting', 'waiting-children', 'delayed', 'prioritized');
    return Object.values(counts).every((count) => count === 0);
  }

  async function accrualsPerUser(date: string): Promise<Map<number, number>> {
    const rows = await sql.query<{ user_id: string; n: number }>(
      'select user_id, count(*)::int as n from interest_payments where accrual_date = $1 group by user_id',
      [date],
    );
    return new Map(rows.map((row) => [Number(row.user_id), row.n]));
  }

  async function balances(): Promise<Map<number, { balance: bigint; carry: number }>> {
    const rows = await sql.query<{ user_id: string; balance_cents: string; interest_carry: number }>(
      'select user_id, balance_cents, interest_carry from accounts',
    );
    return new Map(
      rows.map((row) => [Number(row.user_id), { balance: BigInt(row.balance_cents), carry: row.interest_carry }]),
    );
  }

  it('two workers and a run by hand at the same time credit each account once', async () => {
    const [, , inProcess] = await Promise.all([
      queue.add(JobNames.dailyInterest, { until: D }),
      queuesOf(workerB).interest.add(JobNames.dailyInterest, { until: D }),
      workerB.get(InterestRunService).runThrough(D, jobContext, { batchSize: BATCH, parallel: 2 }),
    ]);
    expect(inProcess.stopped).toBe(false);
    await waitFor(() => runCompleted(D), `interest run ${D}`);
    await waitFor(queueIdle, 'the interest queue to drain');

    const perUser = await accrualsPerUser(D);
    expect(perUser.size).toBe(funded.length);
    for (const userId of funded) expect(perUser.get(userId)).toBe(1);
    expect(perUser.has(unfunded)).toBe(false);
    // 1000.00 * 7/36500 = 19.178...: 19 cents credited, 6500/36500 of a cent carried
    const after = await balances();
    for (const userId of funded) expect(after.get(userId)).toEqual({ balance: 100019n, carry: 6500 });
    const [events] = await sql.query<{ n: number }>(
      "select count(*)::int as n from ledger_events where type = 'InterestAccrued'",
    );
    expect(events.n).toBe(funded.length);
    const [run] = await sql.query<{ accounts: number; batches: number; credited_cents: string }>(
      'select accounts, batches, credited_cents from interest_runs where accrual_date = $1',
      [D],
    );
    expect(run).toEqual({ accounts: 30, batches: Math.ceil(32 / BATCH), credited_cents: String(30 * 19) });
  });

  it('the same date run twice (queue and by hand) credits nothing more', async () => {
    const before = await balances();
    let accrued = 0;
    let already = 0;
    await workerA.get(InterestRunService).runThrough(D, jobContext, {
      batchSize: BATCH,
      onBatch: ({ outcome }) => {
        accrued += outcome.accrued;
        already += outcome.alreadyAccrued;
      },
    });
    expect({ accrued, already }).toEqual({ accrued: 0, already: 30 });
    const job = await queue.add(JobNames.dailyInterest, { until: D });
    await waitFor(async () => (await job.getState()) === 'completed', 'the repeated tick');
    expect(await queue.getJob(job.id as string).then((done) => done?.returnvalue)).toEqual({
      until: D,
      upToDate: true,
    });
    await waitFor(queueIdle, 'the interest queue to drain');
    expect(await balances()).toEqual(before);
    expect([...(await accrualsPerUser(D)).values()].every((n) => n === 1)).toBe(true);
  });

  it('catches up three missed days in order, each date once, through chained flows', async () => {
    const until = '2027-01-07';
    // three days later (the workers' clock: their configuration's JOBS_CLOCK_AT)
    for (const worker of [workerA, workerB])
      worker.get<AppConfig>(APP_CONFIG).jobsClockAt = new Date('2027-01-07T12:00:00Z');
    await queue.add(JobNames.dailyInterest, { until });
    await waitFor(() => runCompleted(until), `interest run ${until}`);
    await waitFor(queueIdle, 'the interest queue to drain');

    const runs = await sql.query<{ accrual_date: string; status: string }>(
      'select accrual_date::text, status from interest_runs order by accrual_date',
    );
    expect(runs).toEqual(
      ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07'].map((date) => ({
        accrual_date: date,
        status: 'completed',
      })),
    );
    for (const userId of funded.slice(0, 5)) {
      // interest_payments ids are the events' global sequence: the dates were appended in order
      const rows = await sql.query<{ accrual_date: string }>(
        'select accrual_date::text from interest_payments where user_id = $1 order by id',
        [userId],
      );
      expect(rows.map((row) => row.accrual_date)).toEqual(['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07']);
    }
    const [total] = await sql.query<{ n: number }>('select count(*)::int as n from interest_payments');
    expect(total.n).toBe(4 * funded.length);
  });

  it('reports progress on the date job and keeps the batches it ran', async () => {
    const parents = (await queue.getJobs(['completed'])).filter((job) => job.name === JobNames.interestDate);
    expect(parents.length).toBeGreaterThanOrEqual(4);
    for (const parent of parents) expect(parent.progress).toEqual(100);
    const batches = (await queue.getJobs(['completed'])).filter((job) => job.name === JobNames.interestBatch);
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.every((job) => job.progress === 100)).toBe(true);
  });

  it('dispatches batches with retries and exponential backoff; a refused batch is kept, not retried', async () => {
    const batch = (await queue.getJobs(['completed'])).find((job) => job.name === JobNames.interestBatch);
    expect(batch?.opts).toMatchObject({
      attempts: 5,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnFail: false,
      failParentOnFailure: true,
    });
    // a date that does not exist: refused at the first attempt (retrying a bad payload cannot help)
    const failing = await queue.add(
      JobNames.interestBatch,
      { date: '2027-13-01', fromUserId: 0, toUserId: 4 },
      { attempts: 3, backoff: { type: 'exponential', delay: 50 } },
    );
    await waitFor(async () => (await failing.getState()) === 'failed', 'the bad batch to be refused');
    const kept = await queue.getJob(failing.id as string);
    expect(kept?.attemptsMade).toBe(1);
    expect(kept?.failedReason).toBe('The date of this interest-batch job is not a date (YYYY-MM-DD).');
    expect(kept?.stacktrace).toEqual([]);
    expect((await queue.getJobs(['failed'])).map((job) => job.id)).toContain(failing.id);
  });

  it('refuses forged jobs (a date not due yet, a batch no run planned) and changes nothing', async () => {
    const state = async () => ({
      balances: await balances(),
      events: (await sql.query<{ n: number }>('select count(*)::int as n from ledger_events'))[0].n,
      batches: await sql.query('select * from interest_run_batches order by accrual_date, from_user_id'),
      runs: await sql.query('select * from interest_runs order by accrual_date'),
    });
    const before = await state();
    // the jobs' now is 2027-01-07 12:00 UTC: interest is due up to that date
    const forged: [string, unknown, string][] = [
      [
        JobNames.interestBatch,
        { date: '2030-01-01', fromUserId: 0, toUserId: 1_000_000 },
        'This interest-batch job for 2030-01-01 is refused: interest is due up to 2027-01-07 only.',
      ],
      [
        JobNames.interestBatch,
        { date: '2027-01-03', fromUserId: 0, toUserId: 1_000_000 },
        'This interest-batch job for 2027-01-03 over [0, 1000000) is refused: the run of 2027-01-03 planned no such batch.',
      ],
      [
        JobNames.interestBatch,
        { date: '2027-01-07', fromUserId: '0', toUserId: 10 },
        'The fromUserId of this interest-batch job is not a whole number of at least 0.',
      ],
      [
        JobNames.dailyInterest,
        { until: '2027-01-08' },
        'This daily-interest job for 2027-01-08 is refused: interest is due up to 2027-01-07 only.',
      ],
      [
        JobNames.interestDate,
        { date: '2027-01-08', until: '2027-01-08' },
        'This interest-date job for 2027-01-08 is refused: interest is due up to 2027-01-07 only.',
      ],
      ['credit-everyone', {}, 'The interest queue runs no such job.'],
    ];
    for (const [name, data, reason] of forged) {
      const job = await queue.add(name, data);
      await waitFor(async () => (await job.getState()) === 'failed', `the forged ${name} job to be refused`);
      const refused = await queue.getJob(job.id as string);
      expect(refused?.failedReason).toBe(reason);
      expect(refused?.attemptsMade).toBe(1);
      expect(refused?.stacktrace).toEqual([]);
    }
    expect(await state()).toEqual(before);
  });

  it('a batch job for a date already accrued is a no-op that says so', async () => {
    const before = await balances();
    const job = await queue.add(JobNames.interestBatch, { date: D, fromUserId: 0, toUserId: 1_000_000 });
    await waitFor(async () => (await job.getState()) === 'completed', 'the batch of an accrued date');
    const done = await queue.getJob(job.id as string);
    expect(done?.returnvalue).toMatchObject({
      date: D,
      accrued: 0,
      note: `Interest for ${D} is already accrued: nothing was done.`,
    });
    expect(await balances()).toEqual(before);
  });
});
