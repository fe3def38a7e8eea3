import { Client } from 'pg';
import { type VerifyReport, type DepositRequestResult, type WithdrawalResult } from '@savings/contracts';
import { testDatabaseUrl } from '@savings/testing';
import {
  AccrueInterestBatchCommand,
  AdjustBalanceCommand,
  ApproveWithdrawalCommand,
  ConfirmDepositCommand,
  RequestDepositCommand,
  RequestWithdrawalCommand,
} from './money.commands';
import { ReplayLedgerCommand, VerifyLedgerQuery, type ReplayLedgerResult } from './money.queries';

import { adminContext, startMoneyContext, userContext, type MoneyTestContext } from './money-test-context';

jest.setTimeout(300_000);

let t: MoneyTestContext;
const ACCOUNTS = 100;
const DAYS = 100;
const job = { actor: { kind: 'job' as const, id: 'daily-interest' }, correlationId: 'seed' };

const READ_MODELS = {
  accounts: 'user_id, version, balance_cents, held_cents, interest_carry, last_accrual_date, last_hash',
  deposit_requests: '*',
  withdrawals: '*',
  deposits: '*',
  admin_transactions: '*',
  interest_payments: '*',
};

async function snapshot(): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [table, columns] of Object.entries(READ_MODELS)) {
    const rows = await t.sql.query<{ body: string }>(
      `select coalesce(string_agg(row_to_json(x)::text, E'\\n' order by x), '') as body
         from (select ${columns} from ${table}) x`,
    );
    result[table] = rows[0].body;
  }
  return result;
}

async function asSuperuserBypassingGuards(statement: string, params: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(statement, params);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  t = await startMoneyContext();
  // a seeded ledger of more than 10,000 events: deposits, requests, withdrawals and 100 days of interest
  const users: number[] = [];
  for (let i = 0; i < ACCOUNTS; i += 1) users.push(await t.createUser());
  for (const [i, userId] of users.entries()) {
    await t.commands.execute(
      new ConfirmDepositCommand(userId, `${1000 + i * 37}.${String(i % 100).padStart(2, '0')}`, null, adminContext()),
    );
    if (i % 10 === 0) {
      const request: DepositRequestResult = await t.commands.execute(
        new RequestDepositCommand(userId, '1000.00', userContext(userId)),
      );
      void request;
      const withdrawal: WithdrawalResult = await t.commands.execute(
        new RequestWithdrawalCommand(userId, '1000.00', userContext(userId)),
      );
      if (i % 20 === 0)
        await t.commands.execute(new ApproveWithdrawalCommand(withdrawal.withdrawal.id, adminContext()));
    }
  }
  const start = Date.UTC(2031, 0, 1);
  for (let day = 0; day < DAYS; day += 1) {
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    await t.commands.execute(new AccrueInterestBatchCommand(date, users[0], users[users.length - 1] + 1, job));
    if (day % 25 === 0) {
      await t.commands.execute(
        new AdjustBalanceCommand(users[day % users.length], '3.33', 'add', 'bonus', adminContext()),
      );
    }
  }
});

afterAll(async () => {
  await t.close();
});

describe('ledger integrity on a seeded ledger', () => {
  it('has at least 10,000 events, verifies, and a replay reproduces every read model exactly', async () => {
    const [count] = await t.sql.query<{ n: number }>('select count(*)::int as n from ledger_events');
    expect(count.n).toBeGreaterThanOrEqual(10_000);
    const report: VerifyReport = await t.queries.execute(new VerifyLedgerQuery());
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.checks.map((c) => c.name)).toEqual([
      'hash chain per stream',
      'postings match their events',
      'sealed blocks',
      'postings sum to zero',
      'balances equal their streams',
      'replay equals read models',
      'payout files match the ledger',
    ]);

    const before = await snapshot();
    const replayed: ReplayLedgerResult = await t.commands.execute(new ReplayLedgerCommand());
    expect(replayed.events).toBe(count.n);
    const after = await snapshot();
    for (const table of Object.keys(READ_MODELS)) expect(after[table]).toBe(before[table]);
    expect(before.interest_payments.split('\n').length).toBeGreaterThanOrEqual(ACCOUNTS * DAYS - ACCOUNTS);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the log through the normal connection', async () => {
    await expect(t.sql.query(`update ledger_events set type = 'X' where seq = 1`)).rejects.toThrow(/append-only/);
    await expect(t.sql.query('delete from ledger_postings where event_seq = 1')).rejects.toThrow(/append-only/);
    await expect(t.sql.query('truncate ledger_blocks')).rejects.toThrow(/append-only/);
    await expect(
      t.sql.query(`update accounts set balance_cents = -1 where user_id = (select min(user_id) from accounts)`),
    ).rejects.toThrow(/check constraint/);
  });

  it('names the seq of an event changed by hand as superuser', async () => {
    const [target] = await t.sql.query<{ seq: string }>(
      `select seq::text as seq from ledger_events where type = 'InterestAccrued' order by ledger_events.seq offset 5000 limit 1`,
    );
    await asSuperuserBypassingGuards(
      `update ledger_events set payload = jsonb_set(payload, '{creditedCents}', '"999999"') where seq = $1`,
      [target.seq],
    );
    const report: VerifyReport = await t.queries.execute(new VerifyLedgerQuery());
    expect(report.ok).toBe(false);
    const chain = report.checks.find((c) => c.name === 'hash chain per stream');
    expect(chain).toMatchObject({ ok: false, firstBadSeq: Number(target.seq) });
    const blocks = report.checks.find((c) => c.name === 'sealed blocks');
    expect(blocks?.ok).toBe(true); // the hash column itself was not touched: the stream chain catches it

    // rewriting the hash too (and its successors') is caught by the sealed blocks
    await asSuperuserBypassingGuards(`update ledger_events set hash = repeat('a', 64) where seq = $1`, [target.seq]);
    const second: VerifyReport = await t.queries.execute(new VerifyLedgerQuery());
    expect(second.checks.find((c) => c.name === 'sealed blocks')).toMatchObject({ ok: false });
  });

  it('reports a deleted posting and a changed read model with the seq', async () => {
    const [event] = await t.sql.query<{ seq: string }>(
      `select seq::text as seq from ledger_events where type = 'DepositConfirmed' order by ledger_events.seq limit 1`,
    );
    await asSuperuserBypassingGuards('delete from ledger_postings where event_seq = $1 and line = 2', [event.seq]);
    await asSuperuserBypassingGuards('update admin_transactions set amount_cents = amount_cents + 1 where id = $1', [
      event.seq,
    ]);
    const report: VerifyReport = await t.queries.execute(new VerifyLedgerQuery());
    expect(report.checks.find((c) => c.name === 'postings sum to zero')).toMatchObject({
      ok: false,
      firstBadSeq: Number(event.seq),
    });
    expect(report.checks.find((c) => c.name === 'replay equals read models')).toMatchObject({
      ok: false,
      firstBadSeq: Number(event.seq),
    });
  });
});
