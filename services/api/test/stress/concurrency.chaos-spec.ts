import { hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import { ChaosStack, Session, centsOf, startRedis, tomorrow, waitFor, type HttpResult } from './chaos-stack';

/**
 * Two API processes and two workers on one database and one Redis, serving mixed concurrent traffic
 * (admin adjustments, direct deposits, deposit requests and their confirmation raced on both APIs,
 * withdrawal requests and their approval raced on both APIs, idempotent repeats) while the daily
 * interest job runs in the workers and, at the same time, by hand through the command line.
 * Afterwards every account holds exactly what the accepted calls moved plus its one interest credit.
 */

// compiled processes, a day's accrual and hundreds of calls on a shared machine (jest's default is 5 s)
jest.setTimeout(600_000);

const ACCOUNTS = Number(process.env.CHAOS_ACCOUNTS ?? 120);
const OPERATIONS = Number(process.env.CHAOS_OPERATIONS ?? 600);
const LANES = 16;
const OPENING = '50000.00';
const PORTS = [3942, 3943];
const PASSWORD = 'chaos-customer-1';

type Kind = 'add' | 'subtract' | 'deposit' | 'depositRequest' | 'withdrawal' | 'idempotent';
const KINDS: Kind[] = ['add', 'add', 'subtract', 'deposit', 'depositRequest', 'withdrawal', 'idempotent'];

const stack = new ChaosStack({
  database: 'savings_chaos',
  apiPorts: PORTS,
  queuePrefix: 'chaos-concurrency',
  batchSize: 10,
});
let admins: Session[];
let customers: number[];
const customerSessions = new Map<number, Session>();
/** Cents each account must hold beyond its opening deposit and interest, from the answers the traffic got. */
const accepted = new Map<number, bigint>();
const unexpected: string[] = [];
const statusCounts = new Map<string, number>();

const cents = (): string => `${1 + Math.floor(Math.random() * 4999)}`.padStart(3, '0').replace(/(\d{2})$/, '.$1');
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
const credit = (userId: number, amount: bigint): void => {
  accepted.set(userId, (accepted.get(userId) ?? 0n) + amount);
};

function tally(kind: string, result: HttpResult, allowed: number[]): void {
  const key = `${kind} ${result.status}`;
  statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
  if (!allowed.includes(result.status)) unexpected.push(`${key} ${JSON.stringify(result.body).slice(0, 200)}`);
}

async function customerSession(userId: number, port: number): Promise<Session> {
  let session = customerSessions.get(userId);
  if (!session) {
    session = await Session.signIn(port, `chaos${customers.indexOf(userId) + 1}@example.test`, PASSWORD);
    customerSessions.set(userId, session);
  }
  return session.on(port);
}

async function operation(i: number): Promise<void> {
  const kind = pick(KINDS);
  const port = PORTS[i % 2];
  const admin = admins[i % 2];
  const other = admins[(i + 1) % 2];
  const userId = pick(customers);
  switch (kind) {
    case 'add':
    case 'subtract': {
      const amount = cents();
      const result = await admin.call('PATCH', `/api/admin/users/${userId}/balance`, { amount, operation: kind });
      tally(kind, result, [200]);
      if (result.status === 200) credit(userId, kind === 'add' ? centsOf(amount) : -centsOf(amount));
      return;
    }
    case 'deposit': {
      const amount = `${1000 + Math.floor(Math.random() * 2000)}.${String(i % 100).padStart(2, '0')}`;
      const result = await admin.call('POST', '/api/admin/deposits/confirm', { userId, amount });
      tally(kind, result, [201]);
      if (result.status === 201) credit(userId, centsOf(amount));
      return;
    }
    case 'depositRequest': {
      const amount = `${1000 + Math.floor(Math.random() * 2000)}`;
      const customer = await customerSession(userId, port);
      const requested = await customer.call('POST', '/api/user/deposit-request', { amount });
      // 409 when the customer already has 5 pending requests is a correct refusal (contract section 8)
      tally('deposit-request', requested, [201, 409]);
      if (requested.status !== 201) return;
      const id = (requested.body as { depositRequest: { id: number } }).depositRequest.id;
      // both APIs confirm the same request at once: exactly one may move the money
      const answers = await Promise.all(
        [admin, other].map((a) => a.call('PATCH', `/api/admin/deposit-requests/${id}/confirm`, { note: `race ${i}` })),
      );
      answers.forEach((answer) => tally('deposit-confirm', answer, [200, 409]));
      const wins = answers.filter((answer) => answer.status === 200).length;
      if (wins !== 1) unexpected.push(`deposit request ${id} confirmed ${wins} times`);
      if (wins >= 1) credit(userId, centsOf(amount) * BigInt(wins));
      return;
    }
    case 'withdrawal': {
      const amount = `${1000 + Math.floor(Math.random() * 500)}`;
      const customer = await customerSession(userId, port);
      const requested = await customer.call('POST', '/api/user/withdrawal', { amount });
      // 400 when the holds already reach the balance, 409 with 5 pending already: correct refusals
      tally('withdrawal-request', requested, [201, 400, 409]);
      if (requested.status !== 201) return;
      const id = (requested.body as { withdrawal: { id: number } }).withdrawal.id;
      const answers = await Promise.all(
        [admin, other].map((a) => a.call('PATCH', `/api/admin/withdrawals/${id}/approve`)),
      );
      answers.forEach((answer) => tally('withdrawal-approve', answer, [200, 409]));
      const wins = answers.filter((answer) => answer.status === 200).length;
      if (wins !== 1) unexpected.push(`withdrawal ${id} approved ${wins} times`);
      if (wins >= 1) credit(userId, -centsOf(amount) * BigInt(wins));
      return;
    }
    case 'idempotent': {
      // the same Idempotency-Key and body on both APIs at once: the money moves once
      const amount = cents();
      const key = `chaos-${randomBytes(8).toString('hex')}`;
      const body = { amount, operation: 'add' };
      const answers = await Promise.all(
        [admin, other].map((a) =>
          a.call('PATCH', `/api/admin/users/${userId}/balance`, body, { 'Idempotency-Key': key }),
        ),
      );
      answers.forEach((answer) => tally('idempotent-add', answer, [200, 409]));
      const repeat = await admin.call('PATCH', `/api/admin/users/${userId}/balance`, body, { 'Idempotency-Key': key });
      tally('idempotent-repeat', repeat, [200]);
      if (answers.some((answer) => answer.status === 200) || repeat.status === 200) credit(userId, centsOf(amount));
      return;
    }
  }
}

beforeAll(async () => {
  await startRedis();
  await stack.freshDatabase();
  for (const port of PORTS) await stack.startApi(port);
  stack.startWorker();
  stack.startWorker();
  admins = [await stack.admin(PORTS[0])];
  admins.push(admins[0].on(PORTS[1]));
  customers = await stack.insertCustomers(ACCOUNTS, await hash(PASSWORD));
  const app = await stack.application();
  try {
    await stack.fund(app, customers, OPENING);
  } finally {
    await app.close();
  }
}, 600_000);

afterAll(async () => {
  await stack.stop();
});

describe('two APIs and two workers under mixed concurrent traffic while interest runs', () => {
  const date = tomorrow();

  it('serves every call without a 5xx while the workers and the command line accrue the day', async () => {
    await stack.enqueueInterest(date);
    const byHand: Promise<{ status: number; output: string }>[] = [];
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < OPERATIONS) {
        const i = next++;
        // a third of the way in, an operator also runs the same date by hand
        if (i === Math.floor(OPERATIONS / 3)) byHand.push(stack.cliAsync(cliArgs(date)));
        await operation(i);
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    const runs = await Promise.all(byHand);
    await waitFor(() => stack.runCompleted(date), `interest run ${date}`, 300_000);
    expect(unexpected).toEqual([]);
    expect(runs.map((run) => run.status)).toEqual([0]);
    console.log(`traffic: ${JSON.stringify(Object.fromEntries([...statusCounts].sort()))}`);
  });

  it('credits interest exactly once per account for the date', async () => {
    const doubled = await stack.sql(
      'select user_id, count(*) from interest_payments group by user_id, accrual_date having count(*) > 1',
    );
    expect(doubled).toEqual([]);
    const [counts] = await stack.sql<{ payments: number; funded: number }>(
      `select (select count(*)::int from interest_payments where accrual_date = $1) as payments,
              (select count(*)::int from accounts where balance_cents > 0) as funded`,
      [date],
    );
    expect(counts.payments).toBe(ACCOUNTS);
    expect(counts.funded).toBe(ACCOUNTS);
  });

  it('leaves every account with exactly what the accepted calls moved plus its interest, none negative', async () => {
    const rows = await stack.sql<{ user_id: string; balance_cents: string; held_cents: string; interest: string }>(
      `select a.user_id::text, a.balance_cents::text, a.held_cents::text,
              coalesce((select sum(interest_cents) from interest_payments p where p.user_id = a.user_id), 0)::text as interest
         from accounts a`,
    );
    expect(rows.length).toBe(ACCOUNTS);
    const wrong: string[] = [];
    let total = 0n;
    let expectedTotal = 0n;
    for (const row of rows) {
      const userId = Number(row.user_id);
      const expected = centsOf(OPENING) + (accepted.get(userId) ?? 0n) + BigInt(row.interest);
      const balance = BigInt(row.balance_cents);
      total += balance;
      expectedTotal += expected;
      if (balance !== expected) wrong.push(`user ${userId}: ${balance} != ${expected}`);
      if (balance < 0n || BigInt(row.held_cents) < 0n || BigInt(row.held_cents) > balance)
        wrong.push(`user ${userId} negative`);
    }
    expect(wrong).toEqual([]);
    expect(total).toBe(expectedTotal);
  });

  it('passes ledger verify', async () => {
    const verify = await stack.verifyLedger(admins[0]);
    expect({ status: verify.status, output: verify.output }).toEqual({ status: 0, output: expect.any(String) });
  });
});

function cliArgs(date: string): string[] {
  return ['jobs', 'daily-interest', '--date', date, '--allow-future'];
}
