import {
  type VerifyReport,
  type AdjustBalanceResult,
  type ConfirmDepositRequestResult,
  type DepositRequestResult,
  type WithdrawalResult,
} from '@savings/contracts';
import { DomainError } from '@savings/domain';
import {
  AccrueInterestBatchCommand,
  AdjustBalanceCommand,
  ApproveWithdrawalCommand,
  CancelWithdrawalCommand,
  ConfirmDepositCommand,
  ConfirmDepositRequestCommand,
  EditWithdrawalCommand,
  PayOutWithdrawalCommand,
  RequestDepositCommand,
  RequestWithdrawalCommand,
  type AccrueInterestBatchResult,
} from './money.commands';
import { LedgerBalanceQuery, VerifyLedgerQuery, type LedgerBalanceResult } from './money.queries';

import { adminContext, startMoneyContext, userContext, type MoneyTestContext } from './money-test-context';

jest.setTimeout(120_000);

let t: MoneyTestContext;

beforeAll(async () => {
  t = await startMoneyContext();
});
afterAll(async () => {
  await t.close();
});

async function account(userId: number) {
  const [row] = await t.sql.query<{ version: number; balance_cents: string; held_cents: string }>(
    'select version, balance_cents::text as balance_cents, held_cents::text as held_cents from accounts where user_id = $1',
    [userId],
  );
  return row;
}

async function expectDomainError(promise: Promise<unknown>, kind: string, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe(kind);
  if (message) expect((error as DomainError).message).toMatch(message);
}

describe('money commands on real PostgreSQL', () => {
  it('runs a deposit request, a withdrawal and its payout through the ledger, and verify passes', async () => {
    const userId = await t.createUser();
    const requested: DepositRequestResult = await t.commands.execute(
      new RequestDepositCommand(userId, '2500.00', userContext(userId)),
    );
    expect(requested.depositRequest).toMatchObject({ amount: 2500, status: 'pending' });
    const [notification] = await t.sql.query<{ type: string; related_id: string }>(
      'select type, related_id::text as related_id from admin_notifications where user_id = $1',
      [userId],
    );
    expect(notification).toEqual({ type: 'deposit_request', related_id: String(requested.depositRequest.id) });

    const confirmed: ConfirmDepositRequestResult = await t.commands.execute(
      new ConfirmDepositRequestCommand(requested.depositRequest.id, 'wire received', adminContext()),
    );
    expect(confirmed.depositRequest.status).toBe('confirmed');
    expect(confirmed.account).toMatchObject({ balance: 2500, availableBalance: 2500, version: 2 });
    await expectDomainError(
      t.commands.execute(new ConfirmDepositRequestCommand(requested.depositRequest.id, null, adminContext())),
      'conflict',
    );

    const withdrawal: WithdrawalResult = await t.commands.execute(
      new RequestWithdrawalCommand(userId, '1000.00', userContext(userId)),
    );
    expect(withdrawal.account).toMatchObject({ balance: 2500, availableBalance: 1500 });
    await expectDomainError(
      t.commands.execute(new RequestWithdrawalCommand(userId, '1500.01', userContext(userId))),
      'invalid',
      'Amount cannot exceed your available balance of $1,500.00',
    );
    await expectDomainError(
      t.commands.execute(new EditWithdrawalCommand(withdrawal.withdrawal.id, '2500.01', adminContext())),
      'invalid',
      /available balance of \$2,500.00/,
    );
    const edited: WithdrawalResult = await t.commands.execute(
      new EditWithdrawalCommand(withdrawal.withdrawal.id, '1200.00', adminContext()),
    );
    expect(edited.account.availableBalance).toBe(1300);
    await expectDomainError(
      t.commands.execute(new AdjustBalanceCommand(userId, '1300.01', 'subtract', null, adminContext())),
      'invalid',
      'Amount cannot exceed the available balance of $1,300.00',
    );

    const approved: WithdrawalResult = await t.commands.execute(
      new ApproveWithdrawalCommand(withdrawal.withdrawal.id, adminContext()),
    );
    expect(approved.withdrawal).toMatchObject({ status: 'processed', amount: 1200 });
    expect(approved.account).toMatchObject({ balance: 1300, availableBalance: 1300 });
    await expectDomainError(
      t.commands.execute(new ApproveWithdrawalCommand(withdrawal.withdrawal.id, adminContext())),
      'conflict',
    );
    await expectDomainError(
      t.commands.execute(new CancelWithdrawalCommand(withdrawal.withdrawal.id, adminContext())),
      'conflict',
    );
    const paid: WithdrawalResult = await t.commands.execute(
      new PayOutWithdrawalCommand(withdrawal.withdrawal.id, '2026-12-01', t.testBankingFingerprint, {
        actor: { kind: 'job', id: 'payout' },
        correlationId: 'x',
      }),
    );
    expect(paid.withdrawal.status).toBe('completed');
    const again: WithdrawalResult = await t.commands.execute(
      new PayOutWithdrawalCommand(withdrawal.withdrawal.id, '2026-12-01', t.testBankingFingerprint, {
        actor: { kind: 'job', id: 'payout' },
        correlationId: 'x',
      }),
    );
    expect(again.account.version).toBe(paid.account.version);

    expect(await account(userId)).toEqual({ version: 6, balance_cents: '130000', held_cents: '0' });
    const report: VerifyReport = await t.queries.execute(new VerifyLedgerQuery());
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('requires banking details for withdrawals and 404s unknown users and withdrawals', async () => {
    const userId = await t.createUser({ banking: false });
    await t.commands.execute(new ConfirmDepositCommand(userId, '5000', null, adminContext()));
    await expectDomainError(
      t.commands.execute(new RequestWithdrawalCommand(userId, '1000.00', userContext(userId))),
      'invalid',
      'Please save your banking details above before requesting a withdrawal',
    );
    await expectDomainError(
      t.commands.execute(new RequestWithdrawalCommand(userId, '999.99', userContext(userId))),
      'invalid',
    );
    await expectDomainError(
      t.commands.execute(new AdjustBalanceCommand(99999999, '1.00', 'add', null, adminContext())),
      'not_found',
    );
    await expectDomainError(t.commands.execute(new ApproveWithdrawalCommand(99999999, adminContext())), 'not_found');
  });

  it('applies 50 concurrent commands on one account without a lost update', async () => {
    const userId = await t.createUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.commands.execute(new AdjustBalanceCommand(userId, `${i + 1}.01`, 'add', `c${i}`, adminContext())),
      ),
    );
    expect(results).toHaveLength(50);
    const expectedCents = Array.from({ length: 50 }, (_, i) => (i + 1) * 100 + 1).reduce((a, b) => a + b, 0);
    expect(await account(userId)).toEqual({ version: 50, balance_cents: String(expectedCents), held_cents: '0' });
    const versions = await t.sql.query<{ version: number }>(
      'select version from ledger_events where stream_id = $1 order by version',
      [`account-${userId}`],
    );
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [sums] = await t.sql.query<{ n: number }>(
      `select count(*)::int as n from admin_transactions where user_id = $1`,
      [userId],
    );
    expect(sums.n).toBe(50);
  });

  it('accepts at most one of 20 concurrent withdrawal requests for the whole balance', async () => {
    const userId = await t.createUser();
    await t.commands.execute(new ConfirmDepositCommand(userId, '1000.00', null, adminContext()));
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.commands.execute(new RequestWithdrawalCommand(userId, '1000.00', userContext(userId))),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const failure of settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected')) {
      expect(failure.reason).toBeInstanceOf(DomainError);
      expect((failure.reason as DomainError).code).toBe('LEDGER.INSUFFICIENT_FUNDS');
    }
    expect(await account(userId)).toMatchObject({ balance_cents: '100000', held_cents: '100000' });
  });

  it('moves money once for a repeated idempotency key, and refuses the key with another body', async () => {
    const userId = await t.createUser();
    const context = adminContext({ idempotencyKey: 'key-1' });
    const first: AdjustBalanceResult = await t.commands.execute(
      new AdjustBalanceCommand(userId, '10.00', 'add', null, context),
    );
    const second: AdjustBalanceResult = await t.commands.execute(
      new AdjustBalanceCommand(userId, '10.00', 'add', null, context),
    );
    expect(second).toEqual(first);
    await expectDomainError(
      t.commands.execute(new AdjustBalanceCommand(userId, '11.00', 'add', null, context)),
      'conflict',
      'Idempotency-Key was already used with a different request',
    );
    // concurrent duplicates: the loser answers with the winner's result
    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.commands.execute(
          new AdjustBalanceCommand(userId, '5.00', 'add', null, adminContext({ idempotencyKey: 'key-2' })),
        ),
      ),
    );
    expect(new Set(racing.map((r: AdjustBalanceResult) => r.transaction.id)).size).toBe(1);
    expect(await account(userId)).toMatchObject({ version: 2, balance_cents: '1500' });
  });

  it('accrues interest set-based once per date, with carry, on the balance at the accrual instant', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await t.commands.execute(new ConfirmDepositCommand(a, '1000.00', null, adminContext()));
    await t.commands.execute(new ConfirmDepositCommand(b, '0.01', null, adminContext()));
    const job = { actor: { kind: 'job' as const, id: 'daily-interest' }, correlationId: 'interest' };
    const first: AccrueInterestBatchResult = await t.commands.execute(
      new AccrueInterestBatchCommand('2030-01-01', a, b + 1, job),
    );
    expect(first).toMatchObject({ accountsInRange: 2, accrued: 2, alreadyAccrued: 0, creditedTotal: '0.19' });
    const rerun: AccrueInterestBatchResult = await t.commands.execute(
      new AccrueInterestBatchCommand('2030-01-01', a, b + 1, job),
    );
    expect(rerun).toMatchObject({ accrued: 0, alreadyAccrued: 2 });
    const [carry] = await t.sql.query<{ interest_carry: number; balance_cents: string }>(
      'select interest_carry, balance_cents::text as balance_cents from accounts where user_id = $1',
      [a],
    );
    // 100000 * 7 = 700000 = 19 * 36500 + 6500
    expect(carry).toEqual({ interest_carry: 6500, balance_cents: '100019' });
    const [payment] = await t.sql.query<{ interest_cents: string; interest_rate: string; payment_date: string }>(
      'select interest_cents::text as interest_cents, interest_rate::text as interest_rate, payment_date::text as payment_date from interest_payments where user_id = $1',
      [a],
    );
    expect(payment).toEqual({
      interest_cents: '19',
      interest_rate: '0.000191780822',
      payment_date: '2030-01-01 10:00:00+00',
    });
    // point in time: before the deposit nothing, after the accrual instant the credited interest
    const before: LedgerBalanceResult = await t.queries.execute(new LedgerBalanceQuery(a, new Date('2000-01-01')));
    expect(before.balanceCents).toBe('0');
    const later: LedgerBalanceResult = await t.queries.execute(new LedgerBalanceQuery(a, new Date('2030-01-02')));
    expect(later.balanceCents).toBe('100019');
    const report: VerifyReport = await t.queries.execute(new VerifyLedgerQuery());
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });
});
