import { DomainError } from '../shared/domain-error';
import { decide, evolve, foldAccount, initialAccountState, type AccountCommand, type AccountState } from './account';
import type { AccountEvent } from './account-events';
import { AccountMessages } from './account-messages';
import { MAX_BALANCE_CENTS } from './limits';

/**
 * Every branch of `decide`, as given (past events) / when (a command) / then (events or a refusal).
 * Each refusal is pinned by its code, kind and words, and each boundary from both sides, so a loosened
 * or tightened rule fails here in milliseconds (issue 24: these run under `npm run test:mutation`).
 */

type Outcome = { events: AccountEvent[] } | { error: DomainError };

function given(...history: AccountEvent[]) {
  return givenState(foldAccount(history));
}

function givenState(state: AccountState) {
  return {
    when(command: AccountCommand): Outcome {
      try {
        return { events: decide(command, state) };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { error };
      }
    },
  };
}

function thenEvents(outcome: Outcome): AccountEvent[] {
  if ('error' in outcome) throw new Error(`expected events, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.events;
}

function thenRefused(outcome: Outcome, code: string, kind: DomainError['kind'], message: string): DomainError {
  if (!('error' in outcome)) throw new Error(`expected ${code}, got ${JSON.stringify(outcome.events)}`);
  expect(outcome.error).toBeInstanceOf(DomainError);
  expect({ code: outcome.error.code, kind: outcome.error.kind, message: outcome.error.message }).toEqual({
    code,
    kind,
    message,
  });
  return outcome.error;
}

const deposited = (cents: bigint, before = 0n): AccountEvent => ({
  type: 'DepositConfirmed',
  data: {
    depositRequestId: null,
    amountCents: String(cents),
    note: null,
    adminId: 1,
    referenceCode: '23456782',
    balanceBeforeCents: String(before),
    balanceAfterCents: String(before + cents),
  },
});
const depositRequested = (id: number, cents: bigint): AccountEvent => ({
  type: 'DepositRequested',
  data: { depositRequestId: id, amountCents: String(cents) },
});
const withdrawalRequested = (id: number, cents: bigint): AccountEvent => ({
  type: 'WithdrawalRequested',
  data: { withdrawalId: id, amountCents: String(cents) },
});
/** The fingerprints of two sets of banking details (HMACs in life; any text here). */
const DETAILS_A = 'a'.repeat(64);
const DETAILS_B = 'b'.repeat(64);
const withdrawalApproved = (
  id: number,
  cents: bigint,
  before: bigint,
  /** null: an approval made before fingerprints were recorded */
  bankingFingerprint: string | null = DETAILS_A,
): AccountEvent => ({
  type: 'WithdrawalApproved',
  data: {
    withdrawalId: id,
    amountCents: String(cents),
    adminId: 1,
    balanceBeforeCents: String(before),
    balanceAfterCents: String(before - cents),
    ...(bankingFingerprint === null ? {} : { bankingFingerprint }),
  },
});
const withdrawalCancelled = (id: number, cents: bigint): AccountEvent => ({
  type: 'WithdrawalCancelled',
  data: { withdrawalId: id, amountCents: String(cents) },
});
const withdrawalPaidOut = (id: number, cents: bigint): AccountEvent => ({
  type: 'WithdrawalPaidOut',
  data: { withdrawalId: id, amountCents: String(cents), payoutDate: '2030-01-02' },
});
const interestAccrued = (date: string, balance: bigint, credited: bigint, carryAfter: number): AccountEvent => ({
  type: 'InterestAccrued',
  data: {
    accrualDate: date,
    balanceCents: String(balance),
    rateNumerator: 7,
    rateDenominator: 36500,
    exactOwedCents: '0/36500',
    creditedCents: String(credited),
    carryBefore: 0,
    carryAfter,
    balanceAfterCents: String(balance + credited),
  },
});

const MIN = 1_000_00n;
const amountFields = (message: string) => ({ amount: message });

describe('RequestDeposit', () => {
  const request = (cents: bigint, id = 7): AccountCommand => ({
    type: 'RequestDeposit',
    data: { depositRequestId: id, amountCents: cents },
  });

  it('accepts exactly the $1,000 minimum', () => {
    expect(thenEvents(given().when(request(MIN)))).toEqual([
      { type: 'DepositRequested', data: { depositRequestId: 7, amountCents: '100000' } },
    ]);
  });

  it('accepts any amount above the minimum', () => {
    expect(thenEvents(given().when(request(MIN + 1n)))).toEqual([
      { type: 'DepositRequested', data: { depositRequestId: 7, amountCents: '100001' } },
    ]);
  });

  it('refuses one cent below the minimum, in the product words, on the amount field', () => {
    const error = thenRefused(
      given().when(request(MIN - 1n)),
      'LEDGER.MIN_DEPOSIT',
      'invalid',
      AccountMessages.minDeposit,
    );
    expect(error.fields).toEqual(amountFields('Minimum deposit amount is $1,000'));
  });

  it('accepts a fifth pending request and refuses a sixth (409)', () => {
    const four = [1, 2, 3, 4].map((id) => depositRequested(id, MIN));
    expect(thenEvents(given(...four).when(request(MIN, 5)))).toHaveLength(1);
    const error = thenRefused(
      given(...four, depositRequested(5, MIN)).when(request(MIN, 6)),
      'LEDGER.TOO_MANY_PENDING',
      'conflict',
      'You already have 5 pending deposit requests',
    );
    expect(error.fields).toBeUndefined();
  });
});

describe('EditDepositRequest', () => {
  const edit = (id: number, cents: bigint): AccountCommand => ({
    type: 'EditDepositRequest',
    data: { depositRequestId: id, amountCents: cents },
  });

  it('changes a pending request to exactly the minimum', () => {
    expect(thenEvents(given(depositRequested(3, 5_000_00n)).when(edit(3, MIN)))).toEqual([
      { type: 'DepositRequestAmountChanged', data: { depositRequestId: 3, fromCents: '500000', toCents: '100000' } },
    ]);
  });

  it('refuses an edit below the minimum', () => {
    thenRefused(
      given(depositRequested(3, 5_000_00n)).when(edit(3, MIN - 1n)),
      'LEDGER.MIN_DEPOSIT',
      'invalid',
      AccountMessages.minDeposit,
    );
  });

  it('does nothing when the amount is unchanged', () => {
    expect(thenEvents(given(depositRequested(3, 5_000_00n)).when(edit(3, 5_000_00n)))).toEqual([]);
  });

  it('refuses a request that is not pending: unknown, cancelled or confirmed (409)', () => {
    const notPending = 'This deposit request is no longer pending';
    thenRefused(given().when(edit(3, MIN)), 'LEDGER.NOT_PENDING', 'conflict', notPending);
    const cancelled: AccountEvent = {
      type: 'DepositRequestCancelled',
      data: { depositRequestId: 3, amountCents: '500000' },
    };
    thenRefused(
      given(depositRequested(3, 5_000_00n), cancelled).when(edit(3, MIN)),
      'LEDGER.NOT_PENDING',
      'conflict',
      notPending,
    );
    const confirmed: AccountEvent = {
      ...deposited(5_000_00n),
      data: { ...deposited(5_000_00n).data, depositRequestId: 3 },
    } as AccountEvent;
    thenRefused(
      given(depositRequested(3, 5_000_00n), confirmed).when(edit(3, MIN)),
      'LEDGER.NOT_PENDING',
      'conflict',
      notPending,
    );
  });
});

describe('CancelDepositRequest', () => {
  const cancel = (id: number): AccountCommand => ({ type: 'CancelDepositRequest', data: { depositRequestId: id } });

  it('cancels a pending request with its current amount', () => {
    const changed: AccountEvent = {
      type: 'DepositRequestAmountChanged',
      data: { depositRequestId: 3, fromCents: '500000', toCents: '250000' },
    };
    expect(thenEvents(given(depositRequested(3, 5_000_00n), changed).when(cancel(3)))).toEqual([
      { type: 'DepositRequestCancelled', data: { depositRequestId: 3, amountCents: '250000' } },
    ]);
  });

  it('refuses a request cancelled already (409)', () => {
    const history = [depositRequested(3, MIN), ...thenEvents(given(depositRequested(3, MIN)).when(cancel(3)))];
    thenRefused(
      given(...history).when(cancel(3)),
      'LEDGER.NOT_PENDING',
      'conflict',
      'This deposit request is no longer pending',
    );
  });
});

describe('ConfirmDepositRequest', () => {
  const confirm = (id: number): AccountCommand => ({
    type: 'ConfirmDepositRequest',
    data: { depositRequestId: id, note: 'wire 42', adminId: 9, referenceCode: '23456782' },
  });

  it('credits the request amount, balanceAfterCents = before + amount', () => {
    expect(thenEvents(given(deposited(300_00n), depositRequested(3, 1_500_00n)).when(confirm(3)))).toEqual([
      {
        type: 'DepositConfirmed',
        data: {
          depositRequestId: 3,
          amountCents: '150000',
          note: 'wire 42',
          adminId: 9,
          referenceCode: '23456782',
          balanceBeforeCents: '30000',
          balanceAfterCents: '180000',
        },
      },
    ]);
  });

  it('refuses a request that is not pending, and one confirmed already (409)', () => {
    thenRefused(
      given().when(confirm(3)),
      'LEDGER.NOT_PENDING',
      'conflict',
      'This deposit request is no longer pending',
    );
    const once = thenEvents(given(depositRequested(3, MIN)).when(confirm(3)));
    thenRefused(
      given(depositRequested(3, MIN), ...once).when(confirm(3)),
      'LEDGER.NOT_PENDING',
      'conflict',
      'This deposit request is no longer pending',
    );
  });

  it('reaches the balance ceiling exactly and refuses one cent beyond it', () => {
    const atCeilingLess = MAX_BALANCE_CENTS - MIN;
    expect(thenEvents(given(deposited(atCeilingLess), depositRequested(3, MIN)).when(confirm(3)))).toHaveLength(1);
    const error = thenRefused(
      given(deposited(atCeilingLess + 1n), depositRequested(3, MIN)).when(confirm(3)),
      'LEDGER.BALANCE_CEILING',
      'invalid',
      'A balance may not exceed $1,000,000,000,000.00',
    );
    expect(error.fields).toEqual(amountFields('A balance may not exceed $1,000,000,000,000.00'));
  });
});

describe('ConfirmDeposit (an admin deposit without a request)', () => {
  const confirm = (cents: bigint): AccountCommand => ({
    type: 'ConfirmDeposit',
    data: { amountCents: cents, note: null, adminId: 9, referenceCode: '23456782' },
  });

  it('credits any positive amount, one cent included, balanceAfterCents = before + amount', () => {
    expect(thenEvents(given(deposited(2_00n)).when(confirm(1n)))).toEqual([
      {
        type: 'DepositConfirmed',
        data: {
          depositRequestId: null,
          amountCents: '1',
          note: null,
          adminId: 9,
          referenceCode: '23456782',
          balanceBeforeCents: '200',
          balanceAfterCents: '201',
        },
      },
    ]);
  });

  it('refuses zero and negative amounts', () => {
    for (const cents of [0n, -1n, -100_00n]) {
      const error = thenRefused(
        given().when(confirm(cents)),
        'LEDGER.AMOUNT_NOT_POSITIVE',
        'invalid',
        AccountMessages.invalidAmount,
      );
      expect(error.fields).toEqual(amountFields(AccountMessages.invalidAmount));
    }
  });

  it('reaches the ceiling exactly and refuses one cent beyond it', () => {
    expect(thenEvents(given(deposited(MAX_BALANCE_CENTS - 1n)).when(confirm(1n)))).toHaveLength(1);
    thenRefused(
      given(deposited(MAX_BALANCE_CENTS)).when(confirm(1n)),
      'LEDGER.BALANCE_CEILING',
      'invalid',
      AccountMessages.balanceCeiling,
    );
  });
});

describe('RequestWithdrawal', () => {
  const request = (cents: bigint, id = 8, bankingDetailsSaved = true): AccountCommand => ({
    type: 'RequestWithdrawal',
    data: { withdrawalId: id, amountCents: cents, bankingDetailsSaved },
  });

  it('accepts exactly the $1,000 minimum and exactly the available balance', () => {
    expect(thenEvents(given(deposited(5_000_00n)).when(request(MIN)))).toEqual([
      { type: 'WithdrawalRequested', data: { withdrawalId: 8, amountCents: '100000' } },
    ]);
    expect(thenEvents(given(deposited(5_000_00n), withdrawalRequested(1, 1_500_00n)).when(request(3_500_00n)))).toEqual(
      [{ type: 'WithdrawalRequested', data: { withdrawalId: 8, amountCents: '350000' } }],
    );
  });

  it('refuses one cent below the minimum, even with the money there', () => {
    const error = thenRefused(
      given(deposited(5_000_00n)).when(request(MIN - 1n)),
      'LEDGER.MIN_WITHDRAWAL',
      'invalid',
      AccountMessages.minWithdrawal,
    );
    expect(error.fields).toEqual(amountFields('Minimum withdrawal amount is $1,000'));
  });

  it('refuses one cent above the available balance, naming what is available', () => {
    const error = thenRefused(
      given(deposited(5_000_00n), withdrawalRequested(1, 1_500_00n)).when(request(3_500_01n)),
      'LEDGER.INSUFFICIENT_FUNDS',
      'invalid',
      'Amount cannot exceed your available balance of $3,500.00',
    );
    expect(error.fields).toEqual(amountFields('Amount cannot exceed your available balance of $3,500.00'));
  });

  it('refuses without saved banking details, before looking at the amount', () => {
    const error = thenRefused(
      given().when(request(1n, 8, false)),
      'LEDGER.BANKING_DETAILS_REQUIRED',
      'invalid',
      'Please save your banking details above before requesting a withdrawal',
    );
    expect(error.fields).toBeUndefined();
  });

  it('accepts a fifth pending withdrawal and refuses a sixth (409)', () => {
    const four = [1, 2, 3, 4].map((id) => withdrawalRequested(id, MIN));
    expect(thenEvents(given(deposited(10_000_00n), ...four).when(request(MIN, 5)))).toHaveLength(1);
    thenRefused(
      given(deposited(10_000_00n), ...four, withdrawalRequested(5, MIN)).when(request(MIN, 6)),
      'LEDGER.TOO_MANY_PENDING',
      'conflict',
      'You already have 5 pending withdrawals',
    );
  });
});

describe('EditWithdrawal', () => {
  const edit = (id: number, cents: bigint): AccountCommand => ({
    type: 'EditWithdrawal',
    data: { withdrawalId: id, amountCents: cents },
  });
  const history = [deposited(5_000_00n), withdrawalRequested(1, 2_000_00n), withdrawalRequested(2, 1_000_00n)];

  it('may grow up to the available balance plus its own hold, not one cent more', () => {
    // available 2,000.00 + own hold 2,000.00
    expect(thenEvents(given(...history).when(edit(1, 4_000_00n)))).toEqual([
      { type: 'WithdrawalAmountChanged', data: { withdrawalId: 1, fromCents: '200000', toCents: '400000' } },
    ]);
    thenRefused(
      given(...history).when(edit(1, 4_000_01n)),
      'LEDGER.INSUFFICIENT_FUNDS',
      'invalid',
      'Amount cannot exceed your available balance of $4,000.00',
    );
  });

  it('may shrink to exactly the minimum, not below', () => {
    expect(thenEvents(given(...history).when(edit(1, MIN)))).toHaveLength(1);
    thenRefused(
      given(...history).when(edit(1, MIN - 1n)),
      'LEDGER.MIN_WITHDRAWAL',
      'invalid',
      AccountMessages.minWithdrawal,
    );
  });

  it('does nothing when the amount is unchanged', () => {
    expect(thenEvents(given(...history).when(edit(1, 2_000_00n)))).toEqual([]);
  });

  it('refuses a withdrawal that is unknown, approved, cancelled or paid out (its hold is not released twice)', () => {
    const notPending = 'This withdrawal is no longer pending';
    thenRefused(given(...history).when(edit(3, MIN)), 'LEDGER.NOT_PENDING', 'conflict', notPending);
    const approved = [...history, withdrawalApproved(1, 2_000_00n, 5_000_00n)];
    thenRefused(given(...approved).when(edit(1, MIN)), 'LEDGER.NOT_PENDING', 'conflict', notPending);
    thenRefused(
      given(...history, withdrawalCancelled(1, 2_000_00n)).when(edit(1, MIN)),
      'LEDGER.NOT_PENDING',
      'conflict',
      notPending,
    );
    thenRefused(
      given(...approved, withdrawalPaidOut(1, 2_000_00n)).when(edit(1, MIN)),
      'LEDGER.NOT_PENDING',
      'conflict',
      notPending,
    );
  });
});

describe('CancelWithdrawal', () => {
  const cancel = (id: number): AccountCommand => ({ type: 'CancelWithdrawal', data: { withdrawalId: id } });
  const history = [deposited(5_000_00n), withdrawalRequested(1, 2_000_00n)];

  it('cancels a pending withdrawal with its amount', () => {
    expect(thenEvents(given(...history).when(cancel(1)))).toEqual([
      { type: 'WithdrawalCancelled', data: { withdrawalId: 1, amountCents: '200000' } },
    ]);
  });

  it('refuses an approved (processed) withdrawal and one cancelled already (409)', () => {
    const notPending = 'This withdrawal is no longer pending';
    thenRefused(
      given(...history, withdrawalApproved(1, 2_000_00n, 5_000_00n)).when(cancel(1)),
      'LEDGER.NOT_PENDING',
      'conflict',
      notPending,
    );
    thenRefused(
      given(...history, withdrawalCancelled(1, 2_000_00n)).when(cancel(1)),
      'LEDGER.NOT_PENDING',
      'conflict',
      notPending,
    );
    thenRefused(given().when(cancel(1)), 'LEDGER.NOT_PENDING', 'conflict', notPending);
  });
});

describe('ApproveWithdrawal', () => {
  const approve = (id: number, bankingDetailsComplete = true): AccountCommand => ({
    type: 'ApproveWithdrawal',
    data: { withdrawalId: id, adminId: 9, bankingDetailsComplete, bankingFingerprint: DETAILS_A },
  });
  const history = [deposited(5_000_00n), withdrawalRequested(1, 2_000_00n)];

  it('moves the amount out, balanceAfterCents = before - amount, recording the details it is approved for', () => {
    expect(thenEvents(given(...history).when(approve(1)))).toEqual([
      {
        type: 'WithdrawalApproved',
        data: {
          withdrawalId: 1,
          amountCents: '200000',
          adminId: 9,
          balanceBeforeCents: '500000',
          balanceAfterCents: '300000',
          bankingFingerprint: DETAILS_A,
        },
      },
    ]);
    const approved = foldAccount([...history, ...thenEvents(given(...history).when(approve(1)))]);
    expect(approved.withdrawals.get(1)).toEqual({
      amountCents: 2_000_00n,
      status: 'processed',
      bankingFingerprint: DETAILS_A,
    });
  });

  it('refuses without complete banking details', () => {
    thenRefused(
      given(...history).when(approve(1, false)),
      'LEDGER.BANKING_DETAILS_REQUIRED',
      'invalid',
      'Banking details required to approve',
    );
  });

  it('refuses one that is approved, cancelled or unknown (409), whatever the banking details', () => {
    const notPending = 'This withdrawal is no longer pending';
    const approved = [...history, withdrawalApproved(1, 2_000_00n, 5_000_00n)];
    thenRefused(given(...approved).when(approve(1)), 'LEDGER.NOT_PENDING', 'conflict', notPending);
    thenRefused(given(...approved).when(approve(1, false)), 'LEDGER.NOT_PENDING', 'conflict', notPending);
    thenRefused(
      given(...history, withdrawalCancelled(1, 2_000_00n)).when(approve(1)),
      'LEDGER.NOT_PENDING',
      'conflict',
      notPending,
    );
    thenRefused(given().when(approve(1)), 'LEDGER.NOT_PENDING', 'conflict', notPending);
  });
});

describe('PayOutWithdrawal', () => {
  const payOut = (id: number, alreadyCompleted?: boolean, bankingFingerprint = DETAILS_A): AccountCommand => ({
    type: 'PayOutWithdrawal',
    data: { withdrawalId: id, payoutDate: '2030-01-03', bankingFingerprint, alreadyCompleted },
  });
  const requested = [deposited(5_000_00n), withdrawalRequested(1, 2_000_00n)];
  const approved = [...requested, withdrawalApproved(1, 2_000_00n, 5_000_00n)];

  it('pays out an approved withdrawal on the payout date, to the details it was approved for', () => {
    expect(thenEvents(given(...approved).when(payOut(1)))).toEqual([
      {
        type: 'WithdrawalPaidOut',
        data: { withdrawalId: 1, amountCents: '200000', payoutDate: '2030-01-03', bankingFingerprint: DETAILS_A },
      },
    ]);
  });

  it('pays nothing to other details, nor on an approval that recorded none (409)', () => {
    const differ = 'This withdrawal was approved for other banking details; it needs a new approval';
    thenRefused(
      given(...approved).when(payOut(1, false, DETAILS_B)),
      'LEDGER.PAYOUT_DETAILS_DIFFER',
      'conflict',
      differ,
    );
    const beforeFingerprints = [...requested, withdrawalApproved(1, 2_000_00n, 5_000_00n, null)];
    thenRefused(given(...beforeFingerprints).when(payOut(1)), 'LEDGER.PAYOUT_DETAILS_DIFFER', 'conflict', differ);
  });

  it('refuses a pending (not approved) withdrawal, even when told it was completed', () => {
    for (const alreadyCompleted of [undefined, false, true]) {
      thenRefused(
        given(...requested).when(payOut(1, alreadyCompleted)),
        'LEDGER.NOT_APPROVED',
        'conflict',
        'This withdrawal has not been approved yet',
      );
    }
  });

  it('changes nothing on a rerun for one already paid out; refuses an unknown one', () => {
    const paid = [...approved, withdrawalPaidOut(1, 2_000_00n)];
    expect(thenEvents(given(...paid).when(payOut(1, true)))).toEqual([]);
    for (const alreadyCompleted of [undefined, false]) {
      thenRefused(
        given(...paid).when(payOut(1, alreadyCompleted)),
        'LEDGER.NOT_PAYABLE',
        'conflict',
        'This withdrawal is not approved or already paid out',
      );
    }
  });
});

describe('ReturnWithdrawalForReapproval', () => {
  const detailsNow = (
    id: number,
    bankingFingerprint: string | null,
    reason: 'banking-details-changed' | 'banking-details-differ-at-payout' = 'banking-details-changed',
  ): AccountCommand => ({
    type: 'ReturnWithdrawalForReapproval',
    data: { withdrawalId: id, reason, bankingFingerprint },
  });
  const requested = [deposited(5_000_00n), withdrawalRequested(1, 2_000_00n)];
  const approved = [...requested, withdrawalApproved(1, 2_000_00n, 5_000_00n)];

  it('given an approved, unpaid withdrawal, when the details differ, then it is pending again, its amount held', () => {
    const events = thenEvents(given(...approved).when(detailsNow(1, DETAILS_B)));
    expect(events).toEqual([
      {
        type: 'WithdrawalReturnedForReapproval',
        data: {
          withdrawalId: 1,
          amountCents: '200000',
          reason: 'banking-details-changed',
          balanceBeforeCents: '300000',
          balanceAfterCents: '500000',
        },
      },
    ]);
    const state = foldAccount([...approved, ...events]);
    expect(state.withdrawals.get(1)).toEqual({ amountCents: 2_000_00n, status: 'pending' });
    expect({ balance: state.balanceCents, held: state.heldCents, pending: state.pendingWithdrawals }).toEqual({
      balance: 5_000_00n,
      held: 2_000_00n,
      pending: 1,
    });
    // the same as before its approval: it can be approved again, to the details of now
    expect(foldAccount(requested)).toMatchObject({ balanceCents: 5_000_00n, heldCents: 2_000_00n });
    expect(
      thenEvents(
        givenState(state).when({
          type: 'ApproveWithdrawal',
          data: { withdrawalId: 1, adminId: 2, bankingDetailsComplete: true, bankingFingerprint: DETAILS_B },
        }),
      )[0],
    ).toMatchObject({ type: 'WithdrawalApproved', data: { bankingFingerprint: DETAILS_B } });
  });

  it('returns one approved before fingerprints existed, and one found differing at payout, whatever the details', () => {
    const legacy = [...requested, withdrawalApproved(1, 2_000_00n, 5_000_00n, null)];
    expect(thenEvents(given(...legacy).when(detailsNow(1, DETAILS_A)))).toHaveLength(1);
    expect(
      thenEvents(given(...approved).when(detailsNow(1, null, 'banking-details-differ-at-payout')))[0],
    ).toMatchObject({ data: { reason: 'banking-details-differ-at-payout' } });
  });

  it('changes nothing when the details are still the approved ones, or nothing approved waits', () => {
    expect(thenEvents(given(...approved).when(detailsNow(1, DETAILS_A)))).toEqual([]);
    expect(thenEvents(given(...requested).when(detailsNow(1, DETAILS_B)))).toEqual([]);
    const paid = [...approved, withdrawalPaidOut(1, 2_000_00n)];
    expect(thenEvents(given(...paid).when(detailsNow(1, DETAILS_B)))).toEqual([]);
    expect(thenEvents(given().when(detailsNow(1, DETAILS_B)))).toEqual([]);
  });
});

describe('AdjustBalance', () => {
  const adjust = (operation: 'add' | 'subtract', cents: bigint): AccountCommand => ({
    type: 'AdjustBalance',
    data: { operation, amountCents: cents, adminId: 9, note: 'correction' },
  });
  const history = [deposited(5_000_00n), withdrawalRequested(1, 2_000_00n)];

  it('adds: balanceAfterCents = before + amount', () => {
    expect(thenEvents(given(...history).when(adjust('add', 1n)))).toEqual([
      {
        type: 'BalanceAdjusted',
        data: {
          operation: 'add',
          amountCents: '1',
          adminId: 9,
          note: 'correction',
          balanceBeforeCents: '500000',
          balanceAfterCents: '500001',
        },
      },
    ]);
  });

  it('subtracts: balanceAfterCents = before - amount, up to exactly the available balance', () => {
    expect(thenEvents(given(...history).when(adjust('subtract', 3_000_00n)))).toEqual([
      {
        type: 'BalanceAdjusted',
        data: {
          operation: 'subtract',
          amountCents: '300000',
          adminId: 9,
          note: 'correction',
          balanceBeforeCents: '500000',
          balanceAfterCents: '200000',
        },
      },
    ]);
  });

  it('never overdraws: a subtraction one cent above the available balance is refused, naming it', () => {
    const error = thenRefused(
      given(...history).when(adjust('subtract', 3_000_01n)),
      'LEDGER.INSUFFICIENT_FUNDS',
      'invalid',
      'Amount cannot exceed the available balance of $3,000.00',
    );
    expect(error.fields).toEqual(amountFields('Amount cannot exceed the available balance of $3,000.00'));
  });

  it('refuses zero and negative amounts either way', () => {
    for (const operation of ['add', 'subtract'] as const) {
      for (const cents of [0n, -1n]) {
        thenRefused(
          given(...history).when(adjust(operation, cents)),
          'LEDGER.AMOUNT_NOT_POSITIVE',
          'invalid',
          AccountMessages.invalidAmount,
        );
      }
    }
  });

  it('adds up to the ceiling exactly, not beyond; a subtraction at the ceiling is fine', () => {
    expect(thenEvents(given(deposited(MAX_BALANCE_CENTS - 5n)).when(adjust('add', 5n)))).toHaveLength(1);
    thenRefused(
      given(deposited(MAX_BALANCE_CENTS - 5n)).when(adjust('add', 6n)),
      'LEDGER.BALANCE_CEILING',
      'invalid',
      AccountMessages.balanceCeiling,
    );
    expect(thenEvents(given(deposited(MAX_BALANCE_CENTS)).when(adjust('subtract', 1n)))).toHaveLength(1);
  });
});

describe('AdjustBalance beyond the available balance', () => {
  it('an addition may exceed what is available (only a subtraction is limited by it)', () => {
    const history = [deposited(5_000_00n), withdrawalRequested(1, 2_000_00n)];
    const outcome = given(...history).when({
      type: 'AdjustBalance',
      data: { operation: 'add', amountCents: 5_000_00n, adminId: 9, note: null },
    });
    expect(thenEvents(outcome)).toMatchObject([
      { data: { balanceBeforeCents: '500000', balanceAfterCents: '1000000' } },
    ]);
  });

  it('names the invalid amount in the product words', () => {
    expect(AccountMessages.invalidAmount).toBe(
      'Amount must be a positive number with at most 2 decimal places, up to 1,000,000,000,000',
    );
  });
});

describe('AccrueInterest', () => {
  const accrue = (accrualDate: string, balanceAtAccrualCents?: bigint): AccountCommand => ({
    type: 'AccrueInterest',
    data: { accrualDate, balanceAtAccrualCents },
  });

  it('credits 7/36500 of the balance, carries the remainder, balanceAfterCents = before + credit', () => {
    expect(thenEvents(given(deposited(1_000_00n)).when(accrue('2030-01-01')))).toEqual([
      {
        type: 'InterestAccrued',
        data: {
          accrualDate: '2030-01-01',
          balanceCents: '100000',
          rateNumerator: 7,
          rateDenominator: 36500,
          exactOwedCents: '700000/36500',
          creditedCents: '19',
          carryBefore: 0,
          carryAfter: 6500,
          balanceAfterCents: '100019',
        },
      },
    ]);
  });

  it('accrues on consecutive days, each on the balance and carry the day before left', () => {
    let state = foldAccount([deposited(1_000_00n)]);
    const credited: string[] = [];
    for (const date of ['2030-01-01', '2030-01-02', '2030-01-03']) {
      const events = thenEvents(givenState(state).when(accrue(date)));
      expect(events).toHaveLength(1);
      credited.push((events[0] as Extract<AccountEvent, { type: 'InterestAccrued' }>).data.creditedCents);
      state = evolve(state, events[0]);
    }
    // 700000/36500 = 19 r 6500; (100019*7 + 6500)/36500 = 19 r 13133; (100038*7 + 13133)/36500 = 19 r 19899
    expect(credited).toEqual(['19', '19', '19']);
    expect(state.balanceCents).toBe(1_000_57n);
    expect(state.interestCarry).toBe(19899);
    expect(state.lastAccrualDate).toBe('2030-01-03');
  });

  it('does nothing for the date accrued already or an earlier one', () => {
    const history = [deposited(1_000_00n), interestAccrued('2030-01-02', 1_000_00n, 19n, 6500)];
    expect(thenEvents(given(...history).when(accrue('2030-01-02')))).toEqual([]);
    expect(thenEvents(given(...history).when(accrue('2030-01-01')))).toEqual([]);
    expect(thenEvents(given(...history).when(accrue('2030-01-03')))).toHaveLength(1);
  });

  it('emits nothing for an account with no balance and no remainder', () => {
    expect(thenEvents(given().when(accrue('2030-01-01')))).toEqual([]);
  });

  it('pays out a remainder carried at zero balance', () => {
    const state: AccountState = { ...initialAccountState, interestCarry: 36499, lastAccrualDate: '2030-01-01' };
    expect(thenEvents(givenState(state).when(accrue('2030-01-02')))).toEqual([
      {
        type: 'InterestAccrued',
        data: {
          accrualDate: '2030-01-02',
          balanceCents: '0',
          rateNumerator: 7,
          rateDenominator: 36500,
          exactOwedCents: '36499/36500',
          creditedCents: '0',
          carryBefore: 36499,
          carryAfter: 36499,
          balanceAfterCents: '0',
        },
      },
    ]);
  });

  it('a late accrual uses the balance at the accrual instant and credits onto the balance of now', () => {
    const [event] = thenEvents(given(deposited(3_000_00n)).when(accrue('2030-01-01', 1_000_00n)));
    expect(event).toMatchObject({
      type: 'InterestAccrued',
      data: { balanceCents: '100000', creditedCents: '19', balanceAfterCents: '300019' },
    });
    // no balance at the instant and no carry: nothing, whatever the balance of now
    expect(thenEvents(given(deposited(3_000_00n)).when(accrue('2030-01-01', 0n)))).toEqual([]);
  });
});

describe('decide on an unknown command', () => {
  it('throws rather than deciding nothing', () => {
    expect(() => decide({ type: 'Nonsense', data: {} } as unknown as AccountCommand, initialAccountState)).toThrow(
      'Unhandled command',
    );
  });
});
