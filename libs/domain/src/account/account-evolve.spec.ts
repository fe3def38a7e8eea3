import { DomainError, isDomainError } from '../shared/domain-error';
import { accrueDailyInterest, accrues } from '../interest/interest';
import { availableCents, evolve, foldAccount, initialAccountState, type AccountState } from './account';
import { ACCOUNT_EVENT_TYPES, CURRENT_SCHEMA_VERSION, upcastEvent, type AccountEvent } from './account-events';
import { ChartOfAccounts, CUSTOMER_ACCOUNT_PREFIX } from './chart-of-accounts';
import { postingsOf } from './postings';

/** What each event does to the state, to the postings, and how stored events are read back. */

const confirmed = (cents: bigint, depositRequestId: number | null = null): AccountEvent => ({
  type: 'DepositConfirmed',
  data: {
    depositRequestId,
    amountCents: String(cents),
    note: null,
    adminId: 1,
    referenceCode: '22222222',
    balanceBeforeCents: '0',
    balanceAfterCents: String(cents),
  },
});

const snapshot = (state: AccountState) => ({
  version: state.version,
  balanceCents: state.balanceCents,
  heldCents: state.heldCents,
  interestCarry: state.interestCarry,
  lastAccrualDate: state.lastAccrualDate,
  pendingDepositRequests: state.pendingDepositRequests,
  pendingWithdrawals: state.pendingWithdrawals,
  depositRequests: Object.fromEntries(state.depositRequests),
  withdrawals: Object.fromEntries(state.withdrawals),
});

describe('evolve: the state after each event', () => {
  const base = foldAccount([confirmed(10_000_00n)]);

  it('starts empty', () => {
    expect(snapshot(initialAccountState)).toEqual({
      version: 0,
      balanceCents: 0n,
      heldCents: 0n,
      interestCarry: 0,
      lastAccrualDate: null,
      pendingDepositRequests: 0,
      pendingWithdrawals: 0,
      depositRequests: {},
      withdrawals: {},
    });
    expect(availableCents({ ...initialAccountState, balanceCents: 500n, heldCents: 200n })).toBe(300n);
  });

  it('deposit requests: requested, changed, cancelled, confirmed', () => {
    const requested = evolve(base, { type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '150000' } });
    expect(snapshot(requested)).toMatchObject({
      version: 2,
      balanceCents: 10_000_00n,
      pendingDepositRequests: 1,
      depositRequests: { 3: { amountCents: 150000n } },
    });
    const changed = evolve(requested, {
      type: 'DepositRequestAmountChanged',
      data: { depositRequestId: 3, fromCents: '150000', toCents: '200000' },
    });
    expect(snapshot(changed)).toMatchObject({
      version: 3,
      pendingDepositRequests: 1,
      depositRequests: { 3: { amountCents: 200000n } },
    });
    const cancelled = evolve(changed, {
      type: 'DepositRequestCancelled',
      data: { depositRequestId: 3, amountCents: '200000' },
    });
    expect(snapshot(cancelled)).toMatchObject({
      version: 4,
      pendingDepositRequests: 0,
      depositRequests: {},
      balanceCents: 10_000_00n,
    });
    const confirmedRequest = evolve(changed, confirmed(200000n, 3));
    expect(snapshot(confirmedRequest)).toMatchObject({
      version: 4,
      balanceCents: 10_000_00n + 200000n,
      pendingDepositRequests: 0,
      depositRequests: {},
    });
    // a direct deposit leaves the open requests alone
    expect(snapshot(evolve(changed, confirmed(1n)))).toMatchObject({
      balanceCents: 10_000_00n + 1n,
      pendingDepositRequests: 1,
      depositRequests: { 3: { amountCents: 200000n } },
    });
  });

  it('withdrawals: requested, changed, cancelled, approved, paid out', () => {
    const requested = evolve(base, { type: 'WithdrawalRequested', data: { withdrawalId: 5, amountCents: '300000' } });
    expect(snapshot(requested)).toMatchObject({
      balanceCents: 10_000_00n,
      heldCents: 300000n,
      pendingWithdrawals: 1,
      withdrawals: { 5: { amountCents: 300000n, status: 'pending' } },
    });
    const changed = evolve(requested, {
      type: 'WithdrawalAmountChanged',
      data: { withdrawalId: 5, fromCents: '300000', toCents: '120000' },
    });
    expect(snapshot(changed)).toMatchObject({
      heldCents: 120000n,
      pendingWithdrawals: 1,
      withdrawals: { 5: { amountCents: 120000n, status: 'pending' } },
    });
    const cancelled = evolve(changed, {
      type: 'WithdrawalCancelled',
      data: { withdrawalId: 5, amountCents: '120000' },
    });
    expect(snapshot(cancelled)).toMatchObject({
      heldCents: 0n,
      pendingWithdrawals: 0,
      withdrawals: {},
      balanceCents: 10_000_00n,
    });
    const approved = evolve(changed, {
      type: 'WithdrawalApproved',
      data: {
        withdrawalId: 5,
        amountCents: '120000',
        adminId: 1,
        balanceBeforeCents: '1000000',
        balanceAfterCents: '880000',
      },
    });
    expect(snapshot(approved)).toMatchObject({
      balanceCents: 880000n,
      heldCents: 0n,
      pendingWithdrawals: 0,
      withdrawals: { 5: { amountCents: 120000n, status: 'processed' } },
    });
    const paid = evolve(approved, {
      type: 'WithdrawalPaidOut',
      data: { withdrawalId: 5, amountCents: '120000', payoutDate: '2030-02-01' },
    });
    expect(snapshot(paid)).toMatchObject({ balanceCents: 880000n, heldCents: 0n, withdrawals: {}, version: 5 });
  });

  it('adjustments add or subtract; interest credits, carries and dates', () => {
    const adjust = (operation: 'add' | 'subtract'): AccountEvent => ({
      type: 'BalanceAdjusted',
      data: { operation, amountCents: '2500', adminId: 1, note: null, balanceBeforeCents: '0', balanceAfterCents: '0' },
    });
    expect(evolve(base, adjust('add')).balanceCents).toBe(10_000_00n + 2500n);
    expect(evolve(base, adjust('subtract')).balanceCents).toBe(10_000_00n - 2500n);
    const accrued = evolve(base, {
      type: 'InterestAccrued',
      data: {
        accrualDate: '2030-01-01',
        balanceCents: '1000000',
        rateNumerator: 7,
        rateDenominator: 36500,
        exactOwedCents: '7000000/36500',
        creditedCents: '191',
        carryBefore: 0,
        carryAfter: 28500,
        balanceAfterCents: '1000191',
      },
    });
    expect(snapshot(accrued)).toMatchObject({
      balanceCents: 1000191n,
      interestCarry: 28500,
      lastAccrualDate: '2030-01-01',
    });
  });

  it('leaves the state it was given unchanged', () => {
    const before = snapshot(base);
    evolve(base, { type: 'WithdrawalRequested', data: { withdrawalId: 5, amountCents: '300000' } });
    evolve(base, { type: 'WithdrawalPaidOut', data: { withdrawalId: 9, amountCents: '1', payoutDate: '2030-02-01' } });
    expect(snapshot(base)).toEqual(before);
  });

  it('throws on an event it does not know', () => {
    expect(() => evolve(base, { type: 'Nonsense', data: {} } as unknown as AccountEvent)).toThrow('Unhandled event');
  });
});

describe('postings of each event', () => {
  const customer = 'customer:42';
  const line = (account: string, amountCents: bigint) => ({ account, amountCents });

  it('names the accounts', () => {
    expect(ChartOfAccounts.customer(42)).toBe(customer);
    expect(ChartOfAccounts.customer('7')).toBe('customer:7');
    expect(CUSTOMER_ACCOUNT_PREFIX).toBe('customer:');
    expect(ChartOfAccounts).toMatchObject({
      cash: 'platform:cash',
      interestExpense: 'platform:interest_expense',
      adjustments: 'platform:adjustments',
      withdrawalsPayable: 'platform:withdrawals_payable',
    });
  });

  it('debits and credits the right accounts for each money movement', () => {
    expect(postingsOf(42, confirmed(500n))).toEqual([line('platform:cash', 500n), line(customer, -500n)]);
    const approved: AccountEvent = {
      type: 'WithdrawalApproved',
      data: { withdrawalId: 1, amountCents: '300', adminId: 1, balanceBeforeCents: '0', balanceAfterCents: '0' },
    };
    expect(postingsOf(42, approved)).toEqual([line(customer, 300n), line('platform:withdrawals_payable', -300n)]);
    const paid: AccountEvent = {
      type: 'WithdrawalPaidOut',
      data: { withdrawalId: 1, amountCents: '300', payoutDate: 'x' },
    };
    expect(postingsOf(42, paid)).toEqual([line('platform:withdrawals_payable', 300n), line('platform:cash', -300n)]);
    const adjust = (operation: 'add' | 'subtract'): AccountEvent => ({
      type: 'BalanceAdjusted',
      data: { operation, amountCents: '70', adminId: 1, note: null, balanceBeforeCents: '0', balanceAfterCents: '0' },
    });
    expect(postingsOf(42, adjust('add'))).toEqual([line('platform:adjustments', 70n), line(customer, -70n)]);
    expect(postingsOf(42, adjust('subtract'))).toEqual([line(customer, 70n), line('platform:adjustments', -70n)]);
    const interest = (credited: string): AccountEvent => ({
      type: 'InterestAccrued',
      data: {
        accrualDate: '2030-01-01',
        balanceCents: '0',
        rateNumerator: 7,
        rateDenominator: 36500,
        exactOwedCents: '0/36500',
        creditedCents: credited,
        carryBefore: 0,
        carryAfter: 0,
        balanceAfterCents: '0',
      },
    });
    expect(postingsOf(42, interest('19'))).toEqual([line('platform:interest_expense', 19n), line(customer, -19n)]);
    // a zero credit (a carry only) moves no money
    expect(postingsOf(42, interest('0'))).toEqual([]);
  });

  it('posts nothing for requests, edits and cancellations', () => {
    const none: AccountEvent[] = [
      { type: 'DepositRequested', data: { depositRequestId: 1, amountCents: '100000' } },
      { type: 'DepositRequestAmountChanged', data: { depositRequestId: 1, fromCents: '1', toCents: '2' } },
      { type: 'DepositRequestCancelled', data: { depositRequestId: 1, amountCents: '100000' } },
      { type: 'WithdrawalRequested', data: { withdrawalId: 1, amountCents: '100000' } },
      { type: 'WithdrawalAmountChanged', data: { withdrawalId: 1, fromCents: '1', toCents: '2' } },
      { type: 'WithdrawalCancelled', data: { withdrawalId: 1, amountCents: '100000' } },
    ];
    for (const event of none) expect(postingsOf(42, event)).toEqual([]);
    expect(() => postingsOf(42, { type: 'Nonsense', data: {} } as unknown as AccountEvent)).toThrow('Unhandled event');
  });
});

describe('upcast of stored events', () => {
  it('knows every event type at schema version 1', () => {
    expect(Object.keys(CURRENT_SCHEMA_VERSION)).toEqual(expect.arrayContaining(ACCOUNT_EVENT_TYPES));
    expect(ACCOUNT_EVENT_TYPES).toEqual(
      expect.arrayContaining(['DepositRequested', 'InterestAccrued', 'WithdrawalPaidOut']),
    );
    for (const type of ACCOUNT_EVENT_TYPES) expect(CURRENT_SCHEMA_VERSION[type]).toBe(1);
  });

  it('returns a current-version event as it is', () => {
    const data = { depositRequestId: 1, amountCents: '100000' };
    expect(upcastEvent('DepositRequested', 1, data)).toEqual({ type: 'DepositRequested', data });
  });

  it('refuses an unknown type, a version newer than the code, and an old version without an upcaster', () => {
    expect(() => upcastEvent('MoneyPrinted', 1, {})).toThrow('Unknown event type MoneyPrinted');
    expect(() => upcastEvent('toString', 1, {})).toThrow('Unknown event type toString');
    expect(() => upcastEvent('DepositRequested', 2, {})).toThrow('DepositRequested v2 is newer than this code (v1)');
    expect(() => upcastEvent('DepositRequested', 0, {})).toThrow('No upcaster for DepositRequested v0');
  });
});

describe('interest arithmetic guards', () => {
  it('refuses a negative balance and a carry outside [0, 36500)', () => {
    expect(() => accrueDailyInterest(-1n, 0)).toThrow(new RangeError('balance must not be negative'));
    for (const carry of [-1, 36500, 1.5]) {
      expect(() => accrueDailyInterest(0n, carry)).toThrow(new RangeError('carry must be an integer in [0, 36500)'));
    }
    expect(accrueDailyInterest(0n, 36499)).toEqual({
      numerator: 36499n,
      creditedCents: 0n,
      carryBefore: 36499,
      carryAfter: 36499,
    });
    expect(accrueDailyInterest(5215n, 36499)).toEqual({
      numerator: 73004n,
      creditedCents: 2n,
      carryBefore: 36499,
      carryAfter: 4,
    });
  });

  it('accrues on a balance or a remainder, not on neither', () => {
    expect(accrues(1n, 0)).toBe(true);
    expect(accrues(0n, 1)).toBe(true);
    expect(accrues(0n, 0)).toBe(false);
  });
});

describe('DomainError', () => {
  it('carries code, kind, message and fields, and is recognised as one', () => {
    const error = new DomainError('LEDGER.X', 'conflict', 'No', { amount: 'bad' });
    expect(error).toBeInstanceOf(Error);
    expect({
      name: error.name,
      code: error.code,
      kind: error.kind,
      message: error.message,
      fields: error.fields,
    }).toEqual({
      name: 'DomainError',
      code: 'LEDGER.X',
      kind: 'conflict',
      message: 'No',
      fields: { amount: 'bad' },
    });
    expect(isDomainError(error)).toBe(true);
    expect(isDomainError(new Error('No'))).toBe(false);
    expect(isDomainError({ code: 'LEDGER.X', kind: 'conflict' })).toBe(false);
  });
});
