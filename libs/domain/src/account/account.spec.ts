import fc from 'fast-check';
import { DomainError } from '../shared/domain-error';
import { ChartOfAccounts } from './chart-of-accounts';
import {
  availableCents,
  decide,
  evolve,
  foldAccount,
  initialAccountState,
  type AccountCommand,
  type AccountState,
} from './account';
import type { AccountEvent } from './account-events';
import { postingsOf } from './postings';

const USER = 42;

/** given(events).when(command) -> events or the error */
function given(...events: AccountEvent[]) {
  const state = foldAccount(events);
  return {
    when: (command: AccountCommand) => {
      try {
        return { events: decide(command, state), error: null };
      } catch (error) {
        return { events: [], error: error as DomainError };
      }
    },
  };
}

const deposited = (cents: bigint): AccountEvent => ({
  type: 'DepositConfirmed',
  data: {
    depositRequestId: null,
    amountCents: String(cents),
    note: null,
    adminId: 1,
    referenceCode: 'R',
    balanceBeforeCents: '0',
    balanceAfterCents: String(cents),
  },
});

describe('account decider', () => {
  it('refuses a withdrawal above the available balance, naming it', () => {
    const { error } = given(deposited(250000n), {
      type: 'WithdrawalRequested',
      data: { withdrawalId: 1, amountCents: '100000' },
    }).when({ type: 'RequestWithdrawal', data: { withdrawalId: 2, amountCents: 150001n, bankingDetailsSaved: true } });
    expect(error).toMatchObject({
      code: 'LEDGER.INSUFFICIENT_FUNDS',
      kind: 'invalid',
      message: 'Amount cannot exceed your available balance of $1,500.00',
    });
  });

  it('lets an edit use its own hold', () => {
    const { events } = given(deposited(250000n), {
      type: 'WithdrawalRequested',
      data: { withdrawalId: 1, amountCents: '100000' },
    }).when({ type: 'EditWithdrawal', data: { withdrawalId: 1, amountCents: 250000n } });
    expect(events).toEqual([
      { type: 'WithdrawalAmountChanged', data: { withdrawalId: 1, fromCents: '100000', toCents: '250000' } },
    ]);
  });

  it('answers 409 (conflict) when approving twice and moves no money', () => {
    const history: AccountEvent[] = [
      deposited(250000n),
      { type: 'WithdrawalRequested', data: { withdrawalId: 1, amountCents: '100000' } },
    ];
    const approve: AccountCommand = {
      type: 'ApproveWithdrawal',
      data: { withdrawalId: 1, adminId: 1, bankingDetailsComplete: true, bankingFingerprint: 'f' },
    };
    const first = given(...history).when(approve);
    expect(first.events[0]).toMatchObject({
      type: 'WithdrawalApproved',
      data: { balanceBeforeCents: '250000', balanceAfterCents: '150000' },
    });
    const second = given(...history, ...first.events).when(approve);
    expect(second.error).toMatchObject({ kind: 'conflict' });
  });

  it('holds approval back while banking details cool off, to the minute it ends (rounded up)', () => {
    const history: AccountEvent[] = [
      deposited(250000n),
      { type: 'WithdrawalRequested', data: { withdrawalId: 1, amountCents: '100000' } },
    ];
    const approveAt = (at: string): AccountCommand => ({
      type: 'ApproveWithdrawal',
      data: {
        withdrawalId: 1,
        adminId: 1,
        bankingDetailsComplete: true,
        bankingDetailsHeldUntil: '2031-05-06T08:00:30.000Z',
        at,
        bankingFingerprint: 'f',
      },
    });
    const held = given(...history).when(approveAt('2031-05-06T08:00:29.999Z'));
    expect(held.events).toEqual([]);
    expect(held.error).toMatchObject({ kind: 'conflict', code: 'LEDGER.BANKING_COOLING_OFF' });
    expect(held.error?.message).toBe('Banking details changed recently; approval possible after 2031-05-06 08:01 UTC');
    expect(given(...history).when(approveAt('2031-05-06T08:00:30.000Z')).events[0].type).toBe('WithdrawalApproved');
  });

  it('uses the product messages for minimums and banking details', () => {
    expect(
      given().when({ type: 'RequestDeposit', data: { depositRequestId: 1, amountCents: 99999n } }).error?.message,
    ).toBe('Minimum deposit amount is $1,000');
    expect(
      given(deposited(500000n)).when({
        type: 'RequestWithdrawal',
        data: { withdrawalId: 1, amountCents: 100000n, bankingDetailsSaved: false },
      }).error?.message,
    ).toBe('Please save your banking details above before requesting a withdrawal');
    expect(
      given(deposited(100n)).when({
        type: 'AdjustBalance',
        data: { operation: 'subtract', amountCents: 101n, adminId: 1, note: null },
      }).error?.message,
    ).toBe('Amount cannot exceed the available balance of $1.00');
  });

  it('accrues once per date', () => {
    const { events } = given(deposited(100000n)).when({ type: 'AccrueInterest', data: { accrualDate: '2030-01-01' } });
    expect(events[0]).toMatchObject({
      type: 'InterestAccrued',
      data: { creditedCents: '19', carryBefore: 0, carryAfter: 6500, exactOwedCents: '700000/36500' },
    });
    expect(
      given(deposited(100000n), ...events).when({ type: 'AccrueInterest', data: { accrualDate: '2030-01-01' } }).events,
    ).toEqual([]);
  });
});

// ---- properties over random command sequences ----

const cents = (max: number) => fc.bigInt({ min: 1n, max: BigInt(max) });

type Ids = { next: number; date: number };

function commandArbitrary(): fc.Arbitrary<(ids: Ids) => AccountCommand> {
  const pick = fc.integer({ min: 1, max: 12 });
  return fc.oneof(
    cents(500_000_00).map((amountCents) => (ids: Ids) => ({
      type: 'RequestDeposit' as const,
      data: { depositRequestId: ++ids.next, amountCents },
    })),
    fc
      .tuple(pick, fc.constantFrom('confirm', 'cancel', 'edit'), cents(400_000_00))
      .map(([n, what, amountCents]) => () => {
        if (what === 'confirm') {
          return {
            type: 'ConfirmDepositRequest' as const,
            data: { depositRequestId: n, note: null, adminId: 1, referenceCode: 'R' },
          };
        }
        if (what === 'cancel') return { type: 'CancelDepositRequest' as const, data: { depositRequestId: n } };
        return { type: 'EditDepositRequest' as const, data: { depositRequestId: n, amountCents } };
      }),
    cents(300_000_00).map((amountCents) => (ids: Ids) => ({
      type: 'RequestWithdrawal' as const,
      data: { withdrawalId: ++ids.next, amountCents, bankingDetailsSaved: true },
    })),
    fc
      .tuple(
        pick,
        fc.constantFrom('approve', 'cancel', 'edit', 'payout', 'details-changed'),
        cents(300_000_00),
        fc.constantFrom('a', 'b'),
      )
      .map(([n, what, amountCents, details]) => (): AccountCommand => {
        switch (what) {
          case 'approve':
            return {
              type: 'ApproveWithdrawal',
              data: { withdrawalId: n, adminId: 1, bankingDetailsComplete: true, bankingFingerprint: details },
            };
          case 'details-changed':
            return {
              type: 'ReturnWithdrawalForReapproval',
              data: { withdrawalId: n, reason: 'banking-details-changed', bankingFingerprint: details },
            };
          case 'cancel':
            return { type: 'CancelWithdrawal', data: { withdrawalId: n } };
          case 'edit':
            return { type: 'EditWithdrawal', data: { withdrawalId: n, amountCents } };
          default:
            return {
              type: 'PayOutWithdrawal',
              data: { withdrawalId: n, payoutDate: '2030-02-01', bankingFingerprint: details },
            };
        }
      }),
    fc
      .tuple(fc.constantFrom('add' as const, 'subtract' as const), cents(200_000_00))
      .map(([operation, amountCents]) => () => ({
        type: 'AdjustBalance' as const,
        data: { operation, amountCents, adminId: 1, note: null },
      })),
    cents(900_000_00).map((amountCents) => () => ({
      type: 'ConfirmDeposit' as const,
      data: { amountCents, note: null, adminId: 1, referenceCode: 'R' },
    })),
    fc.integer({ min: 0, max: 3 }).map((skip) => (ids: Ids) => {
      ids.date += skip;
      const date = new Date(Date.UTC(2030, 0, 1) + ids.date * 86_400_000).toISOString().slice(0, 10);
      return { type: 'AccrueInterest' as const, data: { accrualDate: date } };
    }),
  );
}

function customerBalanceFromPostings(events: AccountEvent[]): bigint {
  let sum = 0n;
  for (const event of events) {
    for (const posting of postingsOf(USER, event)) {
      if (posting.account === ChartOfAccounts.customer(USER)) sum += posting.amountCents;
    }
  }
  return -sum;
}

describe('account properties', () => {
  it('random command sequences keep balance = fold = postings, never negative, postings zero-sum', () => {
    fc.assert(
      fc.property(fc.array(commandArbitrary(), { minLength: 1, maxLength: 80 }), (builders) => {
        const ids = { next: 0, date: 0 };
        let state: AccountState = initialAccountState;
        const log: AccountEvent[] = [];
        for (const build of builders) {
          let events: AccountEvent[];
          try {
            events = decide(build(ids), state);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            continue;
          }
          for (const event of events) {
            const lines = postingsOf(USER, event);
            expect(lines.reduce((sum, line) => sum + line.amountCents, 0n)).toBe(0n);
            state = evolve(state, event);
            log.push(event);
          }
          expect(state.balanceCents).toBeGreaterThanOrEqual(0n);
          expect(state.heldCents).toBeGreaterThanOrEqual(0n);
          expect(availableCents(state)).toBeGreaterThanOrEqual(0n);
          let pending = 0n;
          for (const withdrawal of state.withdrawals.values()) {
            if (withdrawal.status === 'pending') pending += withdrawal.amountCents;
          }
          expect(state.heldCents).toBe(pending);
        }
        const refolded = foldAccount(log);
        expect(refolded).toEqual(state);
        expect(state.version).toBe(log.length);
        expect(customerBalanceFromPostings(log)).toBe(state.balanceCents);
      }),
      { numRuns: 300 },
    );
  });
});

describe('request limits and the balance ceiling (api-contract.md section 8)', () => {
  const requested = (id: number): AccountEvent => ({
    type: 'DepositRequested',
    data: { depositRequestId: id, amountCents: '100000' },
  });
  const withdrawalRequested = (id: number): AccountEvent => ({
    type: 'WithdrawalRequested',
    data: { withdrawalId: id, amountCents: '100000' },
  });

  it('refuses a sixth pending deposit request (409) and accepts it once one is closed', () => {
    const five = [1, 2, 3, 4, 5].map(requested);
    const sixth: AccountCommand = { type: 'RequestDeposit', data: { depositRequestId: 6, amountCents: 100000n } };
    expect(given(...five).when(sixth).error).toMatchObject({
      code: 'LEDGER.TOO_MANY_PENDING',
      kind: 'conflict',
      message: 'You already have 5 pending deposit requests',
    });
    expect(given(...[1, 2, 3, 4].map(requested)).when(sixth).events).toHaveLength(1);
    const cancelled: AccountEvent = {
      type: 'DepositRequestCancelled',
      data: { depositRequestId: 1, amountCents: '100000' },
    };
    expect(given(...five, cancelled).when(sixth).events).toHaveLength(1);
    const confirmed: AccountEvent = {
      type: 'DepositConfirmed',
      data: {
        depositRequestId: 2,
        amountCents: '100000',
        note: null,
        adminId: 1,
        referenceCode: 'R',
        balanceBeforeCents: '0',
        balanceAfterCents: '100000',
      },
    };
    expect(given(...five, confirmed).when(sixth).events).toHaveLength(1);
  });

  it('refuses a sixth pending withdrawal (409); approved ones no longer count', () => {
    const five = [deposited(1_000_000n), ...[1, 2, 3, 4, 5].map(withdrawalRequested)];
    const sixth: AccountCommand = {
      type: 'RequestWithdrawal',
      data: { withdrawalId: 6, amountCents: 100000n, bankingDetailsSaved: true },
    };
    expect(given(...five).when(sixth).error).toMatchObject({
      code: 'LEDGER.TOO_MANY_PENDING',
      kind: 'conflict',
      message: 'You already have 5 pending withdrawals',
    });
    const approved: AccountEvent = {
      type: 'WithdrawalApproved',
      data: {
        withdrawalId: 1,
        amountCents: '100000',
        adminId: 1,
        balanceBeforeCents: '1000000',
        balanceAfterCents: '900000',
      },
    };
    expect(given(...five, approved).when(sixth).events).toHaveLength(1);
  });

  it('refuses any credit that would take the balance above $1,000,000,000,000.00, and allows reaching it', () => {
    const max = 1_000_000_000_000_00n;
    const start = deposited(max - 100n);
    const credits = (amountCents: bigint): AccountCommand[] => [
      { type: 'ConfirmDeposit', data: { amountCents, note: null, adminId: 1, referenceCode: 'R' } },
      { type: 'AdjustBalance', data: { operation: 'add', amountCents, adminId: 1, note: null } },
    ];
    for (const command of credits(101n)) {
      expect(given(start).when(command).error).toMatchObject({
        code: 'LEDGER.BALANCE_CEILING',
        kind: 'invalid',
        message: 'A balance may not exceed $1,000,000,000,000.00',
      });
    }
    for (const command of credits(100n)) {
      expect(given(start).when(command).events[0]).toMatchObject({ data: { balanceAfterCents: String(max) } });
    }
    const request: AccountEvent = { type: 'DepositRequested', data: { depositRequestId: 9, amountCents: '101' } };
    expect(
      given(start, request).when({
        type: 'ConfirmDepositRequest',
        data: { depositRequestId: 9, note: null, adminId: 1, referenceCode: 'R' },
      }).error?.code,
    ).toBe('LEDGER.BALANCE_CEILING');
    // a subtraction is never refused for the ceiling
    expect(
      given(start).when({
        type: 'AdjustBalance',
        data: { operation: 'subtract', amountCents: 1n, adminId: 1, note: null },
      }).events,
    ).toHaveLength(1);
  });

  it('counts pending requests exactly as the open ones over random command sequences', () => {
    fc.assert(
      fc.property(fc.array(commandArbitrary(), { minLength: 1, maxLength: 80 }), (builders) => {
        const ids = { next: 0, date: 0 };
        let state: AccountState = initialAccountState;
        for (const build of builders) {
          try {
            state = decide(build(ids), state).reduce(evolve, state);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
          const pendingWithdrawals = [...state.withdrawals.values()].filter((w) => w.status === 'pending').length;
          expect(state.pendingDepositRequests).toBe(state.depositRequests.size);
          expect(state.pendingWithdrawals).toBe(pendingWithdrawals);
          expect(state.pendingDepositRequests).toBeLessThanOrEqual(5);
          expect(state.pendingWithdrawals).toBeLessThanOrEqual(5);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('deposits that credit a bank statement line (issue 18)', () => {
  const requested: AccountEvent = { type: 'DepositRequested', data: { depositRequestId: 7, amountCents: '150000' } };
  const confirm = (lineCents: bigint): AccountCommand => ({
    type: 'ConfirmDepositRequest',
    data: {
      depositRequestId: 7,
      note: null,
      adminId: 1,
      referenceCode: 'R',
      statementLine: { id: 3, amountCents: lineCents },
    },
  });

  it('names the line in the event, and only then', () => {
    const { events } = given(requested).when(confirm(150000n));
    expect(events[0]).toMatchObject({ type: 'DepositConfirmed', data: { depositRequestId: 7, statementLineId: 3 } });
    const plain = given().when({
      type: 'ConfirmDeposit',
      data: { amountCents: 100n, note: null, adminId: 1, referenceCode: 'R' },
    });
    expect('statementLineId' in (plain.events[0].data as object)).toBe(false);
  });

  it('refuses a deposit request whose amount is not the line amount (409), moving nothing', () => {
    const { events, error } = given(requested).when(confirm(150001n));
    expect(events).toEqual([]);
    expect(error).toMatchObject({
      code: 'RECON.AMOUNT_MISMATCH',
      kind: 'conflict',
      message: 'The deposit request is for $1,500.00, the statement line for $1,500.01.',
    });
    const direct = given().when({
      type: 'ConfirmDeposit',
      data: {
        amountCents: 100n,
        note: null,
        adminId: 1,
        referenceCode: 'R',
        statementLine: { id: 3, amountCents: 101n },
      },
    });
    expect(direct.error).toMatchObject({ code: 'RECON.AMOUNT_MISMATCH' });
  });
});
