import { foldAccount, initialAccountState, type AccountEvent, type AccountState } from '@savings/domain';
import type { AppendedEvent } from '@savings/ledger';
import type { CommandOutcome, TargetedRequest } from './account-ledger';
import { adjustmentResult, balancesOf, depositOf, depositRequestResult, withdrawalResult } from './command-results';

/** The money commands' responses, built from an outcome alone: each status and each timestamp. */

const holder = {
  id: 42,
  name: 'Ann',
  email: 'ann@example.test',
  language: 'en',
  referenceCode: '22222222',
  beneficiaryName: 'Ann',
  iban: 'DE89370400440532013000',
  swift: null,
  bankingDetailsChangedAt: null,
};
const before = new Date('2030-01-01T08:00:00Z');
const approvedAt = new Date('2030-01-02T08:00:00Z');
const now = new Date('2030-01-05T09:30:00Z');

const appended = (event: AccountEvent, seq = '77'): AppendedEvent => ({
  seq,
  streamId: 'account-42',
  version: 1,
  type: event.type,
  schemaVersion: 1,
  payload: event.data,
  metadata: { actor: { kind: 'user', id: 42 }, correlationId: 'c' } as unknown as AppendedEvent['metadata'],
  occurredAt: now,
  hash: 'h',
  prevHash: 'p',
  event,
});

function outcome(after: AccountState, events: AccountEvent[], request: TargetedRequest | null = null): CommandOutcome {
  return {
    account: { holder, state: initialAccountState, request, lastHash: null, approval: null },
    after,
    events: events.map((event) => appended(event)),
    occurredAt: now,
    approval: null,
  };
}

const row = (overrides: Partial<TargetedRequest>): TargetedRequest => ({
  id: 5,
  userId: 42,
  amountCents: 300000n,
  status: 'pending',
  requestedAt: before,
  processedAt: null,
  completedAt: null,
  ...overrides,
});

const funded = foldAccount([
  {
    type: 'DepositConfirmed',
    data: {
      depositRequestId: null,
      amountCents: '1000000',
      note: null,
      adminId: 1,
      referenceCode: '22222222',
      balanceBeforeCents: '0',
      balanceAfterCents: '1000000',
    },
  },
]);

describe('balancesOf', () => {
  it('writes balance, available balance and version as JSON numbers', () => {
    expect(balancesOf(42, { ...funded, heldCents: 250n })).toEqual({
      userId: 42,
      balance: 10000,
      availableBalance: 9997.5,
      version: 1,
    });
  });
});

describe('depositRequestResult', () => {
  it('a new request: pending, requested now, not processed', () => {
    const requested: AccountEvent = { type: 'DepositRequested', data: { depositRequestId: 5, amountCents: '150000' } };
    const after = foldAccount([requested], funded);
    expect(depositRequestResult(outcome(after, [requested]), 5)).toEqual({
      depositRequest: {
        id: 5,
        userId: 42,
        amount: 1500,
        status: 'pending',
        requestedAt: now.toISOString(),
        processedAt: null,
      },
      account: { userId: 42, balance: 10000, availableBalance: 10000, version: 2 },
    });
  });

  it('confirmed and cancelled requests keep their request time and are processed now', () => {
    const confirmed: AccountEvent = {
      type: 'DepositConfirmed',
      data: {
        depositRequestId: 5,
        amountCents: '300000',
        note: null,
        adminId: 1,
        referenceCode: '22222222',
        balanceBeforeCents: '0',
        balanceAfterCents: '300000',
      },
    };
    expect(depositRequestResult(outcome(funded, [confirmed], row({})), 5).depositRequest).toEqual({
      id: 5,
      userId: 42,
      amount: 3000,
      status: 'confirmed',
      requestedAt: before.toISOString(),
      processedAt: now.toISOString(),
    });
    const cancelled: AccountEvent = {
      type: 'DepositRequestCancelled',
      data: { depositRequestId: 5, amountCents: '300000' },
    };
    expect(depositRequestResult(outcome(funded, [cancelled], row({})), 5).depositRequest).toMatchObject({
      status: 'cancelled',
      amount: 3000,
      requestedAt: before.toISOString(),
      processedAt: now.toISOString(),
    });
  });

  it('ignores events and rows of other requests; an open request reports its amount in the state', () => {
    const other: AccountEvent = {
      type: 'DepositRequestCancelled',
      data: { depositRequestId: 6, amountCents: '100000' },
    };
    const after: AccountState = { ...funded, depositRequests: new Map([[5, { amountCents: 250000n }]]) };
    expect(
      depositRequestResult(outcome(after, [other], row({ id: 6, status: 'confirmed' })), 5).depositRequest,
    ).toEqual({
      id: 5,
      userId: 42,
      amount: 2500,
      status: 'pending',
      requestedAt: now.toISOString(),
      processedAt: null,
    });
    const otherRequested: AccountEvent = { type: 'DepositRequested', data: { depositRequestId: 6, amountCents: '1' } };
    expect(
      depositRequestResult(outcome(funded, [otherRequested], row({ processedAt: approvedAt, status: 'confirmed' })), 5)
        .depositRequest,
    ).toMatchObject({
      status: 'confirmed',
      amount: 3000,
      requestedAt: before.toISOString(),
      processedAt: approvedAt.toISOString(),
    });
  });
});

describe('withdrawalResult', () => {
  it('a new request: pending, requested now', () => {
    const requested: AccountEvent = { type: 'WithdrawalRequested', data: { withdrawalId: 5, amountCents: '200000' } };
    const after = foldAccount([requested], funded);
    expect(withdrawalResult(outcome(after, [requested]), 5)).toEqual({
      withdrawal: {
        id: 5,
        userId: 42,
        amount: 2000,
        status: 'pending',
        requestedAt: now.toISOString(),
        processedAt: null,
        completedAt: null,
      },
      account: { userId: 42, balance: 10000, availableBalance: 8000, version: 2 },
    });
  });

  it('approved: processed now, status and amount from the state', () => {
    const approved: AccountEvent = {
      type: 'WithdrawalApproved',
      data: {
        withdrawalId: 5,
        amountCents: '300000',
        adminId: 1,
        balanceBeforeCents: '1000000',
        balanceAfterCents: '700000',
      },
    };
    const after: AccountState = {
      ...funded,
      withdrawals: new Map([[5, { amountCents: 300000n, status: 'processed' as const }]]),
    };
    expect(withdrawalResult(outcome(after, [approved], row({})), 5).withdrawal).toEqual({
      id: 5,
      userId: 42,
      amount: 3000,
      status: 'processed',
      requestedAt: before.toISOString(),
      processedAt: now.toISOString(),
      completedAt: null,
    });
  });

  it('cancelled: processed now; paid out: completed now, keeping the approval time', () => {
    const cancelled: AccountEvent = { type: 'WithdrawalCancelled', data: { withdrawalId: 5, amountCents: '300000' } };
    expect(withdrawalResult(outcome(funded, [cancelled], row({})), 5).withdrawal).toMatchObject({
      status: 'cancelled',
      amount: 3000,
      processedAt: now.toISOString(),
      completedAt: null,
    });
    const paid: AccountEvent = {
      type: 'WithdrawalPaidOut',
      data: { withdrawalId: 5, amountCents: '300000', payoutDate: '2030-01-05' },
    };
    expect(
      withdrawalResult(outcome(funded, [paid], row({ status: 'processed', processedAt: approvedAt })), 5).withdrawal,
    ).toEqual({
      id: 5,
      userId: 42,
      amount: 3000,
      status: 'completed',
      requestedAt: before.toISOString(),
      processedAt: approvedAt.toISOString(),
      completedAt: now.toISOString(),
    });
  });

  it('ignores events of other withdrawals and events without a withdrawal', () => {
    const others: AccountEvent[] = [
      { type: 'WithdrawalCancelled', data: { withdrawalId: 6, amountCents: '1' } },
      { type: 'WithdrawalRequested', data: { withdrawalId: 6, amountCents: '1' } },
      { type: 'DepositRequested', data: { depositRequestId: 5, amountCents: '1' } },
    ];
    expect(
      withdrawalResult(outcome(funded, others, row({ status: 'completed', completedAt: approvedAt })), 5).withdrawal,
    ).toEqual({
      id: 5,
      userId: 42,
      amount: 3000,
      status: 'completed',
      requestedAt: before.toISOString(),
      processedAt: null,
      completedAt: approvedAt.toISOString(),
    });
  });
});

describe('depositOf and adjustmentResult', () => {
  it('reads the confirmed deposit, its id the event seq', () => {
    const confirmed: AccountEvent = {
      type: 'DepositConfirmed',
      data: {
        depositRequestId: 3,
        amountCents: '123456',
        note: 'wire',
        adminId: 1,
        referenceCode: '34567898',
        balanceBeforeCents: '0',
        balanceAfterCents: '123456',
      },
    };
    const requested: AccountEvent = { type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '1' } };
    expect(depositOf(outcome(funded, [requested, confirmed]))).toEqual({
      id: 77,
      userId: 42,
      amount: 1234.56,
      referenceCode: '34567898',
      status: 'confirmed',
      note: 'wire',
      depositRequestId: 3,
      createdAt: now.toISOString(),
    });
    expect(() => depositOf(outcome(funded, [requested]))).toThrow(
      'a confirmed deposit appended no DepositConfirmed event',
    );
  });

  it('reads the adjustment with its balances before and after', () => {
    const adjusted: AccountEvent = {
      type: 'BalanceAdjusted',
      data: {
        operation: 'subtract',
        amountCents: '2550',
        adminId: 9,
        note: 'fee',
        balanceBeforeCents: '1000000',
        balanceAfterCents: '997450',
      },
    };
    const requested: AccountEvent = { type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '1' } };
    expect(adjustmentResult(outcome(funded, [requested, adjusted]))).toEqual({
      transaction: {
        id: 77,
        userId: 42,
        adminId: 9,
        type: 'subtract',
        amount: 25.5,
        balanceBefore: 10000,
        balanceAfter: 9974.5,
        note: 'fee',
        createdAt: now.toISOString(),
      },
      account: { userId: 42, balance: 10000, availableBalance: 10000, version: 1 },
    });
    expect(() => adjustmentResult(outcome(funded, [requested]))).toThrow('AdjustBalance appended no BalanceAdjusted');
  });
});

describe('results of one request beside events of others', () => {
  it('a deposit confirmed without a request, or for another one, does not close the request asked for', () => {
    const after: AccountState = { ...funded, depositRequests: new Map([[5, { amountCents: 300000n }]]) };
    const direct: AccountEvent = {
      type: 'DepositConfirmed',
      data: {
        depositRequestId: null,
        amountCents: '700000',
        note: null,
        adminId: 1,
        referenceCode: '22222222',
        balanceBeforeCents: '0',
        balanceAfterCents: '700000',
      },
    };
    expect(depositRequestResult(outcome(after, [direct], row({})), 5).depositRequest).toMatchObject({
      status: 'pending',
      amount: 3000,
      processedAt: null,
    });
  });

  it('a withdrawal reads nothing of another request row', () => {
    const after: AccountState = {
      ...funded,
      withdrawals: new Map([[5, { amountCents: 300000n, status: 'pending' }]]),
    };
    expect(
      withdrawalResult(outcome(after, [], row({ id: 6, requestedAt: approvedAt, completedAt: approvedAt })), 5)
        .withdrawal,
    ).toEqual({
      id: 5,
      userId: 42,
      amount: 3000,
      status: 'pending',
      requestedAt: now.toISOString(),
      processedAt: null,
      completedAt: null,
    });
  });
});
