import { hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { ChaosStack, Session, centsOf, sleep, startRedis, stopRedis, tomorrow, waitFor } from './chaos-stack';

/**
 * Faults against the compiled stack: the worker SIGKILLed in the middle of a day's accrual over many
 * accounts, the suite's own Redis stopped and started while jobs run, and PostgreSQL connections of
 * the suite's own database terminated while requests are in flight. Each time: the API answers 5xx
 * only while the dependency is really down, recovers by itself (same process), and no money is lost
 * or doubled.
 */

// compiled processes and tens of thousands of accruals on a shared machine (jest's default is 5 s)
jest.setTimeout(1_200_000);

const ACCOUNTS = Number(process.env.CHAOS_FAULT_ACCOUNTS ?? 20_000);
const OPENING = '1000.00';
// 1000.00 * 0.07 / 365 = 19.178 cents: 19 credited, the rest carried (6500/36500 of a cent)
const DAY_ONE_INTEREST = 19n;
const PORT = 3944;
const DATABASE = 'savings_chaos_faults';

const stack = new ChaosStack({ database: DATABASE, apiPorts: [PORT], queuePrefix: 'chaos-faults', batchSize: 200 });
let admin: Session;
let customers: number[];
let api: ChildProcess;
const day1 = tomorrow();
const day2 = (() => {
  const d = new Date(`${day1}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();

async function batchProgress(date: string): Promise<{ done: number; total: number }> {
  const [row] = await stack.sql<{ done: number; total: number }>(
    `select count(*) filter (where status = 'done')::int as done, count(*)::int as total
       from interest_run_batches where accrual_date = $1`,
    [date],
  );
  return row;
}

async function accrualFacts(date: string): Promise<{ payments: number; doubled: number; credited: string }> {
  const [row] = await stack.sql<{ payments: number; doubled: number; credited: string }>(
    `select (select count(*)::int from interest_payments where accrual_date = $1) as payments,
            (select count(*)::int from (select 1 from interest_payments group by user_id, accrual_date
                                          having count(*) > 1) d) as doubled,
            (select coalesce(sum(interest_cents), 0)::text from interest_payments where accrual_date = $1) as credited`,
    [date],
  );
  return row;
}

async function status(path: string, session?: Session): Promise<number> {
  try {
    if (session) return (await session.call('GET', path)).status;
    return (await fetch(`http://127.0.0.1:${PORT}${path}`, { signal: AbortSignal.timeout(30_000) })).status;
  } catch {
    return 599; // no answer at all
  }
}

beforeAll(async () => {
  await startRedis();
  await stack.freshDatabase();
  await stack.startApi(PORT);
  api = stack.apis.get(PORT) as ChildProcess;
  admin = await stack.admin(PORT);
  customers = await stack.insertCustomers(ACCOUNTS, await hash('chaos-fault-1'));
  const app = await stack.application();
  try {
    await stack.fund(app, customers, OPENING, 8);
  } finally {
    await app.close();
  }
}, 1_800_000);

afterAll(async () => {
  await stack.stop();
});

describe('a worker SIGKILLed in the middle of a day', () => {
  it('is restarted and the day completes with exactly one accrual per account', async () => {
    const first = stack.startWorker();
    await stack.enqueueInterest(day1);
    const atKill = await waitFor(
      async () => {
        const progress = await batchProgress(day1);
        return progress.total > 0 && progress.done >= Math.max(1, progress.total / 10) ? progress : null;
      },
      'a tenth of the batches of the day',
      600_000,
    );
    await stack.kill(first, 'SIGKILL');
    const [killedAt] = await stack.sql<{ done: number; total: number }>(
      `select count(*) filter (where status = 'done')::int as done, count(*)::int as total
         from interest_run_batches where accrual_date = $1`,
      [day1],
    );
    // the kill must land mid-day, or this test proves nothing
    expect(killedAt.done).toBeLessThan(killedAt.total);
    expect(atKill.done).toBeGreaterThan(0);

    stack.startWorker();
    // the restarted worker's start-up tick (schedules are off in the suite, so the test enqueues it)
    await stack.enqueueInterest(day1);
    await waitFor(() => stack.runCompleted(day1), `interest ${day1} after the restart`, 900_000);

    const facts = await accrualFacts(day1);
    expect(facts).toEqual({
      payments: ACCOUNTS,
      doubled: 0,
      credited: String(DAY_ONE_INTEREST * BigInt(ACCOUNTS)),
    });
    const [balances] = await stack.sql<{ wrong: number }>(
      'select count(*)::int as wrong from accounts where balance_cents <> $1',
      [String(centsOf(OPENING) + DAY_ONE_INTEREST)],
    );
    expect(balances.wrong).toBe(0);
  });
});

describe('Redis stopped and started while the next day accrues', () => {
  it('answers 5xx only while Redis is down, recovers without a restart, and accrues the day once', async () => {
    const worker = stack.workers[stack.workers.length - 1];
    await stack.enqueueInterest(day2);
    await waitFor(async () => (await batchProgress(day2)).done > 0, `the first batches of ${day2}`, 600_000);
    await stopRedis();

    // really down: health says so, a signed-in call cannot be served, the process itself still answers
    expect(await status('/api/health')).toBe(503);
    expect(await status('/api/health/live')).toBe(200);
    expect(await status('/api/admin/users?limit=1', admin)).toBe(503);
    await sleep(3000);

    await startRedis();
    await waitFor(async () => (await status('/api/health')) === 200, 'the API to see Redis again', 60_000);
    expect(api.exitCode).toBeNull();
    expect(worker.exitCode).toBeNull();
    // the Redis had no persistence: sessions are gone (401, not 5xx) and a new sign-in works on the same process
    expect(await status('/api/admin/users?limit=1', admin)).toBe(401);
    await admin.renew();
    expect(await status('/api/admin/users?limit=1', admin)).toBe(200);

    // the queue lost its jobs with Redis: the next tick re-dispatches the pending batches only
    await stack.enqueueInterest(day2);
    await waitFor(() => stack.runCompleted(day2), `interest ${day2} after Redis came back`, 900_000);
    const facts = await accrualFacts(day2);
    expect(facts.payments).toBe(ACCOUNTS);
    expect(facts.doubled).toBe(0);
    const [twice] = await stack.sql<{ wrong: number }>(
      `select count(*)::int as wrong from accounts a
        where (select count(*) from interest_payments p where p.user_id = a.user_id) <> 2`,
    );
    expect(twice.wrong).toBe(0);
  });
});

describe('PostgreSQL connections terminated during requests', () => {
  it('answers 5xx only while connections drop, recovers by itself, and moves every keyed request once', async () => {
    const targets = customers.slice(0, 20);
    const before = new Map<number, bigint>();
    for (const row of await stack.sql<{ user_id: string; balance_cents: string }>(
      'select user_id::text, balance_cents::text from accounts where user_id = any($1::bigint[])',
      [targets],
    )) {
      before.set(Number(row.user_id), BigInt(row.balance_cents));
    }

    // terminate every backend of this suite's own database, again and again, while requests run
    let terminating = true;
    let terminated = 0;
    const killer = (async () => {
      const client = new Client({ connectionString: stack.databaseUrl.replace(`/${DATABASE}`, '/postgres') });
      await client.connect();
      try {
        while (terminating) {
          const result = await client.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = $1 and pid <> pg_backend_pid()`,
            [DATABASE],
          );
          terminated += result.rowCount ?? 0;
          await sleep(1000);
        }
      } finally {
        await client.end();
      }
    })();

    const keys = targets.flatMap((userId) =>
      Array.from({ length: 10 }, () => ({ userId, key: `pg-drop-${randomBytes(8).toString('hex')}` })),
    );
    const statuses: number[] = [];
    let withoutRetryAfter = 0;
    const send = async (request: { userId: number; key: string }): Promise<number> => {
      try {
        const result = await admin.call(
          'PATCH',
          `/api/admin/users/${request.userId}/balance`,
          { amount: '1.00', operation: 'add', note: 'pg drop' },
          { 'Idempotency-Key': request.key },
        );
        if (result.status === 503 && result.retryAfter === null) withoutRetryAfter += 1;
        return result.status;
      } catch {
        return 599;
      }
    };
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < keys.length) statuses.push(await send(keys[next++]));
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    terminating = false;
    await killer;
    expect(terminated).toBeGreaterThan(0);
    // every answer during the drops is a success or 503 with Retry-After (api-contract.md section 16):
    // never a client error, never a 500; the API's own account of any other answer is shown
    const unexpected = statuses.filter((s) => s !== 200 && s !== 503);
    const serverErrors = stack
      .logOf(api)
      .split('\n')
      .filter((line) => /ErrorFilter/.test(line))
      .slice(0, 5);
    expect({ unexpected, serverErrors: unexpected.length > 0 ? serverErrors : [] }).toEqual({
      unexpected: [],
      serverErrors: [],
    });

    // connections are back: the same process serves again, with no 5xx
    await waitFor(async () => (await status('/api/health')) === 200, 'the API to reach PostgreSQL again', 60_000);
    expect(api.exitCode).toBeNull();
    const after: number[] = [];
    for (const request of keys) after.push(await send(request));
    // each key repeated: applied now if it failed before, or the first answer replayed; never twice
    expect(after.filter((s) => s !== 200)).toEqual([]);
    expect(withoutRetryAfter).toBe(0);

    const rows = await stack.sql<{ user_id: string; balance_cents: string }>(
      'select user_id::text, balance_cents::text from accounts where user_id = any($1::bigint[])',
      [targets],
    );
    const wrong = rows
      .filter((row) => BigInt(row.balance_cents) !== (before.get(Number(row.user_id)) ?? 0n) + 10n * 100n)
      .map((row) => `user ${row.user_id}: ${row.balance_cents}`);
    expect(wrong).toEqual([]);
    console.log(
      `pg drop: ${terminated} backends terminated; answers during drops ${JSON.stringify(
        statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}),
      )}`,
    );
  });
});

describe('the API SIGKILLed while groups of commands commit', () => {
  it('loses only unacknowledged commands: every 200 is in the ledger once, every key moves money at most once', async () => {
    const targets = customers.slice(20, 28);
    const balances = async (): Promise<Map<number, bigint>> =>
      new Map(
        (
          await stack.sql<{ user_id: string; balance_cents: string }>(
            'select user_id::text, balance_cents::text from accounts where user_id = any($1::bigint[])',
            [targets],
          )
        ).map((row) => [Number(row.user_id), BigInt(row.balance_cents)]),
      );
    const before = await balances();
    const requests = targets.flatMap((userId) =>
      Array.from({ length: 60 }, () => ({ userId, key: `kill-mid-group-${randomBytes(8).toString('hex')}` })),
    );
    const acknowledged = new Set<string>();
    const send = async (request: { userId: number; key: string }): Promise<number> => {
      try {
        const result = await admin.call(
          'PATCH',
          `/api/admin/users/${request.userId}/balance`,
          { amount: '1.00', operation: 'add', note: 'kill mid group' },
          { 'Idempotency-Key': request.key },
        );
        if (result.status === 200) acknowledged.add(request.key);
        return result.status;
      } catch {
        return 599;
      }
    };
    // 32 requests at once keep the API's group commit busy; the kill lands while groups are in flight
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < requests.length) await send(requests[next++]);
    };
    const lanes = Promise.all(Array.from({ length: 32 }, lane));
    await waitFor(async () => acknowledged.size >= 40 || null, 'forty acknowledged commands', 120_000);
    await stack.kill(api, 'SIGKILL');
    await lanes;
    expect(acknowledged.size).toBeLessThan(requests.length);

    // every acknowledged command is in the ledger, and no key was applied twice
    const applied = await stack.sql<{ key: string; n: number }>(
      `select metadata->>'idempotencyKey' as key, count(*)::int as n from ledger_events
        where metadata->>'idempotencyKey' like 'kill-mid-group-%' group by 1`,
    );
    const appliedKeys = new Map(applied.map((row) => [row.key, row.n]));
    expect([...acknowledged].filter((key) => appliedKeys.get(key) !== 1)).toEqual([]);
    expect(applied.filter((row) => row.n !== 1)).toEqual([]);

    // a new API process: every key sent again is applied now or answered from its first run, never twice
    await stack.startApi(PORT);
    api = stack.apis.get(PORT) as ChildProcess;
    const again: number[] = [];
    for (const request of requests) again.push(await send(request));
    expect(again.filter((status) => status !== 200)).toEqual([]);
    const after = await balances();
    const wrong = targets
      .filter((userId) => after.get(userId) !== (before.get(userId) ?? 0n) + 60n * 100n)
      .map((userId) => `user ${userId}: ${before.get(userId)} -> ${after.get(userId)}`);
    expect(wrong).toEqual([]);
  });
});

describe('after every fault', () => {
  it('passes ledger verify', async () => {
    const verify = await stack.verifyLedger(admin);
    expect({ status: verify.status, output: verify.output }).toEqual({ status: 0, output: expect.any(String) });
  });
});
