import type { AdjustBalanceResult, VerifyReport } from '@savings/contracts';
import { decide, DomainError } from '@savings/domain';
import { loadConfig } from '@savings/config';
import { isConnectionLoss, type Sql } from '@savings/database';
import { MailOutbox } from '../mail/mail-outbox';
import { AccountLedger, type AccountCommandSpec } from './account-ledger';
import { adjustmentResult } from './command-results';
import { AdjustBalanceCommand, ConfirmDepositCommand, RequestWithdrawalCommand } from './money.commands';
import { VerifyLedgerQuery } from './money.queries';
import { adminContext, startMoneyContext, userContext, type MoneyTestContext } from './money-test-context';

jest.setTimeout(120_000);

/**
 * Group commit (issue 22): commands that arrive together are decided in arrival order on the latest
 * state and committed in one transaction; each caller gets its own answer.
 */
let t: MoneyTestContext;
let second: MoneyTestContext;

beforeAll(async () => {
  t = await startMoneyContext();
  // a second process's ledger on the same database (its own pool and group commit)
  second = await startMoneyContext({ keepDatabase: true });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const settle = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

async function fundedUser(cents: string): Promise<number> {
  const userId = await t.createUser();
  await t.commands.execute(new ConfirmDepositCommand(userId, cents, null, adminContext()));
  return userId;
}

async function balanceOf(userId: number): Promise<bigint> {
  const [row] = await t.sql.query<{ cents: string }>(
    'select balance_cents::text as cents from accounts where user_id = $1',
    [userId],
  );
  return BigInt(row.cents);
}

/** Transactions that wrote this user's events: events of one group share their transaction's start time. */
async function transactionsOf(userId: number): Promise<number> {
  const [row] = await t.sql.query<{ n: number }>(
    'select count(distinct recorded_at)::int as n from ledger_events where stream_id = $1',
    [`account-${userId}`],
  );
  return row.n;
}

async function expectVerified(): Promise<void> {
  const report = await t.queries.execute<VerifyLedgerQuery, VerifyReport>(new VerifyLedgerQuery());
  expect(report.checks.filter((check) => !check.ok)).toEqual([]);
}

describe('group commit', () => {
  it('decides commands on one account in arrival order, each seeing the others, in fewer transactions', async () => {
    const userId = await fundedUser('1000.00');
    const before = await transactionsOf(userId);
    // 30 subtractions of 50.00 from 1,000.00: exactly 20 fit, whatever the grouping
    const results = await settle(
      Array.from({ length: 30 }, () =>
        t.commands.execute<AdjustBalanceCommand, AdjustBalanceResult>(
          new AdjustBalanceCommand(userId, '50.00', 'subtract', null, adminContext()),
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<AdjustBalanceResult>[];
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(accepted).toHaveLength(20);
    expect(refused.map((r) => (r.reason as DomainError).code)).toEqual(Array(10).fill('LEDGER.INSUFFICIENT_FUNDS'));
    // every caller got its own result: one balance step each, chained without a gap
    const steps = accepted.map((r) => r.value.transaction).sort((a, b) => b.balanceBefore - a.balanceBefore);
    expect(steps.map((s) => s.balanceBefore)).toEqual(Array.from({ length: 20 }, (_, i) => 1000 - 50 * i));
    expect(new Set(steps.map((s) => s.id)).size).toBe(20);
    expect(await balanceOf(userId)).toBe(0n);
    // grouped: fewer transactions than commands
    expect((await transactionsOf(userId)) - before).toBeLessThan(20);
    await expectVerified();
  });

  it('answers an idempotency key repeated inside one group once, and a reused key with another body 409', async () => {
    const userId = await fundedUser('500.00');
    const context = adminContext({ idempotencyKey: 'group-commit-key-1' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.commands.execute<AdjustBalanceCommand, AdjustBalanceResult>(
          new AdjustBalanceCommand(userId, '10.00', 'add', null, context),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.transaction.id)).size).toBe(1);
    expect(await balanceOf(userId)).toBe(51000n);
    const reused = await t.commands
      .execute(new AdjustBalanceCommand(userId, '11.00', 'add', null, context))
      .catch((error: unknown) => error);
    expect(reused).toMatchObject({ code: 'IDEMPOTENCY.KEY_REUSED', kind: 'conflict' });
    expect(await balanceOf(userId)).toBe(51000n);
  });

  it('keeps a refused command from affecting the others of its group', async () => {
    const users = await Promise.all([fundedUser('1000.00'), fundedUser('1000.00'), fundedUser('1000.00')]);
    const noBanking = await t.createUser({ banking: false });
    await t.commands.execute(new ConfirmDepositCommand(noBanking, '2000.00', null, adminContext()));
    const results = await settle([
      ...users.map((userId) =>
        t.commands.execute(new AdjustBalanceCommand(userId, '1.00', 'add', null, adminContext())),
      ),
      t.commands.execute(new RequestWithdrawalCommand(noBanking, '1000.00', userContext(noBanking))),
      t.commands.execute(new AdjustBalanceCommand(users[0], '5000.00', 'subtract', null, adminContext())),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    for (const userId of users) expect(await balanceOf(userId)).toBe(100100n);
    await expectVerified();
  });

  it('runs a command again when another process moved its account first, and loses nothing', async () => {
    const userId = await fundedUser('1.00');
    const here = Array.from({ length: 40 }, () =>
      t.commands.execute(new AdjustBalanceCommand(userId, '1.00', 'add', null, adminContext())),
    );
    const there = Array.from({ length: 40 }, () =>
      second.commands.execute(new AdjustBalanceCommand(userId, '1.00', 'add', null, adminContext())),
    );
    await Promise.all([...here, ...there]);
    expect(await balanceOf(userId)).toBe(8100n);
    await expectVerified();
  });

  it('rolls back a group a database rule refuses and runs its commands alone: only the culprit fails', async () => {
    const good = await fundedUser('100.00');
    const bad = await fundedUser('100.00');
    const ledger = t.app.get(AccountLedger);
    // a command whose decision breaks the balance CHECK (only a bug could): the decider is bypassed
    const broken = ledger.execute({
      name: 'BrokenForTest',
      context: adminContext(),
      fingerprint: { bad },
      target: { userId: bad },
      decide: ({ state }) => {
        const [event] = decide(
          { type: 'AdjustBalance', data: { operation: 'add', amountCents: 1n, adminId: 1, note: null } },
          state,
        );
        if (event.type !== 'BalanceAdjusted') throw new Error('unexpected event');
        return [
          { ...event, data: { ...event.data, operation: 'subtract', amountCents: '999999', balanceAfterCents: '-1' } },
        ];
      },
      respond: adjustmentResult,
    });
    const fine = Array.from({ length: 5 }, () =>
      t.commands.execute<AdjustBalanceCommand, AdjustBalanceResult>(
        new AdjustBalanceCommand(good, '1.00', 'add', null, adminContext()),
      ),
    );
    const [brokenResult, ...fineResults] = await settle([broken, ...fine]);
    expect(brokenResult.status).toBe('rejected');
    expect(fineResults.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await balanceOf(good)).toBe(10500n);
    expect(await balanceOf(bad)).toBe(10000n);
    await expectVerified();
  });

  describe('a connection lost under a group (failover)', () => {
    /** The real pool, but the group's transaction answers with a lost connection, before or after its COMMIT. */
    function lossyLedger(when: 'before-commit' | 'after-commit'): { ledger: AccountLedger; losses: () => number } {
      let losses = 0;
      const lost = () => {
        losses += 1;
        return new Error('Connection terminated unexpectedly');
      };
      const sql: Sql = {
        query: (text, params, options) => t.sql.query(text, params, options),
        copyFrom: (target, rows) => t.sql.copyFrom(target, rows),
        withConnection: (work) => t.sql.withConnection(work),
        transaction: async (work) => {
          if (when === 'before-commit') {
            // the work runs, then the connection dies before COMMIT: PostgreSQL rolls it back
            await t.sql.transaction(async (tx) => {
              await work(tx);
              throw lost();
            });
          }
          // COMMIT happened, but its answer never came back
          await t.sql.transaction(work);
          throw lost();
        },
      };
      const config = loadConfig({ NODE_ENV: 'test', FOUR_EYES_THRESHOLD: 'off' });
      return { ledger: new AccountLedger(sql, config, new MailOutbox(config)), losses: () => losses };
    }

    const addCents = (userId: number, key: string | null): AccountCommandSpec<AdjustBalanceResult> => ({
      name: 'AdjustBalance',
      context: adminContext(key ? { idempotencyKey: key } : {}),
      fingerprint: { userId, amount: '1.00', operation: 'add' },
      target: { userId },
      decide: ({ state }) =>
        decide({ type: 'AdjustBalance', data: { operation: 'add', amountCents: 100n, adminId: 1, note: null } }, state),
      respond: adjustmentResult,
    });

    /** Events of this test's commands on the account: per key, and those sent without one. */
    async function appliedOf(userId: number): Promise<{ keyed: Map<string, number>; unkeyed: number }> {
      const rows = await t.sql.query<{ key: string | null; n: number }>(
        `select metadata->>'idempotencyKey' as key, count(*)::int as n from ledger_events
          where stream_id = $1 and type = 'BalanceAdjusted' group by 1`,
        [`account-${userId}`],
      );
      return {
        keyed: new Map(rows.filter((row) => row.key !== null).map((row) => [row.key as string, row.n])),
        unkeyed: rows.find((row) => row.key === null)?.n ?? 0,
      };
    }

    it('acknowledges nobody when COMMIT may have happened, never runs a command again by itself, and a keyed retry answers the committed result', async () => {
      const userId = await fundedUser('10.00');
      const { ledger, losses } = lossyLedger('after-commit');
      const keys = Array.from({ length: 6 }, (_, i) => `lost-commit-${userId}-${i}`);
      const results = await settle([
        ...keys.map((key) => ledger.execute(addCents(userId, key))),
        ledger.execute(addCents(userId, null)),
      ]);
      // every caller saw the loss (none acknowledged); the groups that got as far as COMMIT committed
      // (a later group on the same account may have lost its version race first), and nothing was run
      // again in the process: each command is in the ledger at most once
      expect(results.every((r) => r.status === 'rejected' && isConnectionLoss(r.reason))).toBe(true);
      expect(losses()).toBeGreaterThanOrEqual(1);
      const first = await appliedOf(userId);
      expect([...first.keyed.values()].every((n) => n === 1)).toBe(true);
      expect(first.unkeyed).toBeLessThanOrEqual(1);
      expect(first.keyed.size + first.unkeyed).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(userId)).toBe(1000n + BigInt(first.keyed.size + first.unkeyed) * 100n);

      // the client retries with its keys on a healthy connection: the committed answers, or the command
      // run now; each key in the ledger exactly once
      const healthy = t.app.get(AccountLedger);
      const retried = await Promise.all(keys.map((key) => healthy.execute(addCents(userId, key))));
      expect(new Set(retried.map((r) => r.transaction.id)).size).toBe(6);
      const after = await appliedOf(userId);
      expect(keys.map((key) => after.keyed.get(key))).toEqual(Array(6).fill(1));
      expect(after.unkeyed).toBe(first.unkeyed);
      expect(await balanceOf(userId)).toBe(1000n + BigInt(6 + first.unkeyed) * 100n);
      await expectVerified();
    });

    it('runs a keyed command once on retry when the lost connection rolled its group back', async () => {
      const userId = await fundedUser('10.00');
      const { ledger } = lossyLedger('before-commit');
      const keys = Array.from({ length: 4 }, (_, i) => `lost-before-commit-${userId}-${i}`);
      const results = await settle(keys.map((key) => ledger.execute(addCents(userId, key))));
      expect(results.every((r) => r.status === 'rejected' && isConnectionLoss(r.reason))).toBe(true);
      expect(await balanceOf(userId)).toBe(1000n);

      const healthy = t.app.get(AccountLedger);
      await Promise.all(keys.map((key) => healthy.execute(addCents(userId, key))));
      await Promise.all(keys.map((key) => healthy.execute(addCents(userId, key))));
      expect(await balanceOf(userId)).toBe(1000n + 4n * 100n);
      await expectVerified();
    });
  });
});
