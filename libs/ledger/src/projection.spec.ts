import { initialAccountState, type AccountEvent } from '@savings/domain';
import { GENESIS_HASH, isAccountStream, isoUtcSql, streamIdOf, userIdOfStream } from './event-hash';
import { accountRowOf, accountStateOf, ProjectionBatch, projectEvent, type ProjectionChange } from './projection';
import { conflictBackoffMs, retryOnConflict, VersionConflict } from './retry';

/** The rows each event projects, how a batch folds them, and the ledger's small pure helpers. */

const at = new Date('2030-01-05T10:00:00Z');
const project = (event: AccountEvent) => projectEvent({ seq: '900', userId: '42', occurredAt: at, event });

describe('projectEvent: the read-model rows of each event', () => {
  it('deposit requests: insert pending, change the amount, cancel', () => {
    expect(project({ type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '100000' } })).toEqual([
      {
        table: 'depositRequests',
        op: 'insert',
        row: { id: '3', userId: '42', amountCents: '100000', status: 'pending', requestedAt: at, processedAt: null },
      },
    ]);
    expect(
      project({ type: 'DepositRequestAmountChanged', data: { depositRequestId: 3, fromCents: '1', toCents: '2' } }),
    ).toEqual([{ table: 'depositRequests', op: 'update', id: '3', set: { amountCents: '2' } }]);
    expect(project({ type: 'DepositRequestCancelled', data: { depositRequestId: 3, amountCents: '2' } })).toEqual([
      { table: 'depositRequests', op: 'update', id: '3', set: { status: 'cancelled', processedAt: at } },
    ]);
  });

  it('a confirmed deposit: the deposit, its admin transaction and, for a request, the request confirmed', () => {
    const confirmed = (depositRequestId: number | null, adminId: number | null): AccountEvent => ({
      type: 'DepositConfirmed',
      data: {
        depositRequestId,
        amountCents: '150000',
        note: 'wire',
        adminId,
        referenceCode: '22222222',
        balanceBeforeCents: '1000',
        balanceAfterCents: '151000',
      },
    });
    expect(project(confirmed(3, 9))).toEqual([
      {
        table: 'deposits',
        op: 'insert',
        row: {
          id: '900',
          userId: '42',
          amountCents: '150000',
          referenceCode: '22222222',
          status: 'confirmed',
          note: 'wire',
          depositRequestId: '3',
          bankStatementLineId: null,
          createdAt: at,
        },
      },
      {
        table: 'adminTransactions',
        op: 'insert',
        row: {
          id: '900',
          userId: '42',
          adminId: '9',
          kind: 'deposit',
          type: 'add',
          amountCents: '150000',
          balanceBeforeCents: '1000',
          balanceAfterCents: '151000',
          note: 'wire',
          createdAt: at,
        },
      },
      { table: 'depositRequests', op: 'update', id: '3', set: { status: 'confirmed', processedAt: at } },
    ]);
    const direct = project(confirmed(null, null));
    expect(direct).toHaveLength(2);
    expect(direct[0]).toMatchObject({ row: { depositRequestId: null } });
    expect(direct[1]).toMatchObject({ row: { adminId: null } });
  });

  it('withdrawals: insert pending, change, cancel, approve (with its admin transaction), pay out', () => {
    expect(project({ type: 'WithdrawalRequested', data: { withdrawalId: 5, amountCents: '200000' } })).toEqual([
      {
        table: 'withdrawals',
        op: 'insert',
        row: {
          id: '5',
          userId: '42',
          amountCents: '200000',
          status: 'pending',
          requestedAt: at,
          processedAt: null,
          completedAt: null,
          approvedBankingFingerprint: null,
          returnedAt: null,
          returnReason: null,
        },
      },
    ]);
    expect(
      project({ type: 'WithdrawalAmountChanged', data: { withdrawalId: 5, fromCents: '1', toCents: '3' } }),
    ).toEqual([{ table: 'withdrawals', op: 'update', id: '5', set: { amountCents: '3' } }]);
    expect(project({ type: 'WithdrawalCancelled', data: { withdrawalId: 5, amountCents: '3' } })).toEqual([
      { table: 'withdrawals', op: 'update', id: '5', set: { status: 'cancelled', processedAt: at } },
    ]);
    expect(
      project({
        type: 'WithdrawalApproved',
        data: {
          withdrawalId: 5,
          amountCents: '200000',
          adminId: 9,
          balanceBeforeCents: '500000',
          balanceAfterCents: '300000',
          bankingFingerprint: 'f'.repeat(64),
        },
      }),
    ).toEqual([
      {
        table: 'withdrawals',
        op: 'update',
        id: '5',
        set: { status: 'processed', processedAt: at, approvedBankingFingerprint: 'f'.repeat(64) },
      },
      {
        table: 'adminTransactions',
        op: 'insert',
        row: {
          id: '900',
          userId: '42',
          adminId: '9',
          kind: 'withdrawal',
          type: 'subtract',
          amountCents: '200000',
          balanceBeforeCents: '500000',
          balanceAfterCents: '300000',
          note: null,
          createdAt: at,
        },
      },
    ]);
    expect(
      project({
        type: 'WithdrawalPaidOut',
        data: { withdrawalId: 5, amountCents: '200000', payoutDate: '2030-02-01' },
      }),
    ).toEqual([{ table: 'withdrawals', op: 'update', id: '5', set: { status: 'completed', completedAt: at } }]);
    // back to pending for a new approval: the approval's debit undone in the admin history too
    expect(
      project({
        type: 'WithdrawalReturnedForReapproval',
        data: {
          withdrawalId: 5,
          amountCents: '200000',
          reason: 'banking-details-changed',
          balanceBeforeCents: '300000',
          balanceAfterCents: '500000',
        },
      }),
    ).toEqual([
      {
        table: 'withdrawals',
        op: 'update',
        id: '5',
        set: { status: 'pending', returnedAt: at, returnReason: 'banking-details-changed' },
      },
      {
        table: 'adminTransactions',
        op: 'insert',
        row: {
          id: '900',
          userId: '42',
          adminId: null,
          kind: 'withdrawal',
          type: 'add',
          amountCents: '200000',
          balanceBeforeCents: '300000',
          balanceAfterCents: '500000',
          note: 'Withdrawal #5 back to pending: The banking details changed after this withdrawal was approved, so it needs a new approval.',
          createdAt: at,
        },
      },
    ]);
  });

  it('adjustments and interest', () => {
    expect(
      project({
        type: 'BalanceAdjusted',
        data: {
          operation: 'subtract',
          amountCents: '70',
          adminId: null,
          note: 'fee',
          balanceBeforeCents: '100',
          balanceAfterCents: '30',
        },
      }),
    ).toEqual([
      {
        table: 'adminTransactions',
        op: 'insert',
        row: {
          id: '900',
          userId: '42',
          adminId: null,
          kind: 'adjustment',
          type: 'subtract',
          amountCents: '70',
          balanceBeforeCents: '100',
          balanceAfterCents: '30',
          note: 'fee',
          createdAt: at,
        },
      },
    ]);
    expect(
      project({
        type: 'InterestAccrued',
        data: {
          accrualDate: '2030-01-04',
          balanceCents: '100000',
          rateNumerator: 7,
          rateDenominator: 36500,
          exactOwedCents: '700000/36500',
          creditedCents: '19',
          carryBefore: 0,
          carryAfter: 6500,
          balanceAfterCents: '100019',
        },
      }),
    ).toEqual([
      {
        table: 'interestPayments',
        op: 'insert',
        row: {
          id: '900',
          userId: '42',
          accrualDate: '2030-01-04',
          balanceCents: '100000',
          interestRate: '0.000191780822',
          interestCents: '19',
          paymentDate: at,
          status: 'paid',
        },
      },
    ]);
    expect(() => project({ type: 'Nonsense', data: {} } as unknown as AccountEvent)).toThrow('Unhandled event');
  });
});

describe('ProjectionBatch', () => {
  const insert = (id: string): ProjectionChange => ({
    table: 'withdrawals',
    op: 'insert',
    row: {
      id,
      userId: '42',
      amountCents: '100',
      status: 'pending',
      requestedAt: at,
      processedAt: null,
      completedAt: null,
      approvedBankingFingerprint: null,
      returnedAt: null,
      returnReason: null,
    },
  });

  it('is empty until a change is added, whatever its table', () => {
    expect(new ProjectionBatch().isEmpty).toBe(true);
    const changes: ProjectionChange[] = [
      insert('1'),
      { table: 'withdrawals', op: 'update', id: '1', set: { status: 'cancelled' } },
      ...project({ type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '100000' } }),
      { table: 'depositRequests', op: 'update', id: '3', set: { status: 'cancelled' } },
      ...project({
        type: 'BalanceAdjusted',
        data: {
          operation: 'add',
          amountCents: '1',
          adminId: null,
          note: null,
          balanceBeforeCents: '0',
          balanceAfterCents: '1',
        },
      }),
      ...project({
        type: 'InterestAccrued',
        data: {
          accrualDate: '2030-01-04',
          balanceCents: '1',
          rateNumerator: 7,
          rateDenominator: 36500,
          exactOwedCents: '7/36500',
          creditedCents: '0',
          carryBefore: 0,
          carryAfter: 7,
          balanceAfterCents: '1',
        },
      }),
    ];
    for (const change of changes) {
      const batch = new ProjectionBatch();
      batch.add(change);
      expect(batch.isEmpty).toBe(false);
    }
    const deposit = new ProjectionBatch();
    deposit.addAll(
      project({
        type: 'DepositConfirmed',
        data: {
          depositRequestId: null,
          amountCents: '1',
          note: null,
          adminId: null,
          referenceCode: 'R',
          balanceBeforeCents: '0',
          balanceAfterCents: '1',
        },
      }),
    );
    expect(deposit.deposits).toHaveLength(1);
    expect(deposit.adminTransactions).toHaveLength(1);
    expect(() => new ProjectionBatch().add({ table: 'nothing' } as unknown as ProjectionChange)).toThrow(
      'Unhandled change',
    );
  });

  it('merges an update into a row inserted in the same batch; later updates win field by field', () => {
    const batch = new ProjectionBatch();
    batch.addAll([
      insert('1'),
      { table: 'withdrawals', op: 'update', id: '1', set: { amountCents: '300' } },
      { table: 'withdrawals', op: 'update', id: '2', set: { amountCents: '500', status: 'pending' } },
      { table: 'withdrawals', op: 'update', id: '2', set: { status: 'processed', processedAt: at } },
      { table: 'depositRequests', op: 'update', id: '7', set: { amountCents: '9' } },
      { table: 'depositRequests', op: 'update', id: '7', set: { status: 'cancelled' } },
    ]);
    expect(Object.fromEntries(batch.withdrawalInserts)).toEqual({
      1: {
        id: '1',
        userId: '42',
        amountCents: '300',
        status: 'pending',
        requestedAt: at,
        processedAt: null,
        completedAt: null,
        approvedBankingFingerprint: null,
        returnedAt: null,
        returnReason: null,
      },
    });
    expect(Object.fromEntries(batch.withdrawalUpdates)).toEqual({
      2: { amountCents: '500', status: 'processed', processedAt: at },
    });
    expect(Object.fromEntries(batch.depositRequestUpdates)).toEqual({ 7: { amountCents: '9', status: 'cancelled' } });
    const requests = new ProjectionBatch();
    requests.addAll([
      ...project({ type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '100000' } }),
      { table: 'depositRequests', op: 'update', id: '3', set: { status: 'cancelled', processedAt: at } },
    ]);
    expect(requests.depositRequestInserts.get('3')).toMatchObject({
      status: 'cancelled',
      processedAt: at,
      amountCents: '100000',
    });
    expect(requests.depositRequestUpdates.size).toBe(0);
  });
});

describe('account rows', () => {
  it('reads a row into the decider state and writes it back', () => {
    const row = {
      userId: '42',
      version: 7,
      balanceCents: '12345',
      heldCents: '100',
      interestCarry: 6500,
      lastAccrualDate: '2030-01-04',
      pendingDepositRequests: 1,
      pendingWithdrawals: 2,
      lastHash: 'abc',
    };
    const state = accountStateOf(row);
    expect(state).toEqual({
      ...initialAccountState,
      version: 7,
      balanceCents: 12345n,
      heldCents: 100n,
      interestCarry: 6500,
      lastAccrualDate: '2030-01-04',
      pendingDepositRequests: 1,
      pendingWithdrawals: 2,
    });
    expect(state.depositRequests.size + state.withdrawals.size).toBe(0);
    expect(accountRowOf('42', state, 'abc')).toEqual(row);
  });
});

describe('stream names and SQL text of the hash chain', () => {
  it('names account streams and reads the user back', () => {
    expect(streamIdOf(42)).toBe('account-42');
    expect(userIdOfStream('account-42')).toBe(42);
    expect(isAccountStream('account-42')).toBe(true);
    expect(isAccountStream('payout-file-1')).toBe(false);
    expect(isAccountStream('x-account-1')).toBe(false);
    expect(GENESIS_HASH).toBe('0'.repeat(64));
    expect(isoUtcSql('e.occurred_at')).toBe(
      `to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    );
  });
});

describe('retry on version conflicts', () => {
  afterEach(() => jest.restoreAllMocks());

  it('names the streams of a conflict', () => {
    expect(new VersionConflict(['account-1', 'account-2'])).toMatchObject({
      name: 'VersionConflict',
      message: 'Version conflict on account-1, account-2',
      streams: ['account-1', 'account-2'],
    });
    expect(new VersionConflict().message).toBe('Version conflict on a stream');
  });

  it('backs off randomly, growing with the attempt, at most 50 ms', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(conflictBackoffMs(1)).toBe(1);
    expect(conflictBackoffMs(10)).toBe(10);
    expect(conflictBackoffMs(25)).toBe(25);
    expect(conflictBackoffMs(40)).toBe(25);
  });

  it('retries while the attempt conflicts, stops at once on another error, and gives up after the last attempt', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const seen: number[] = [];
    await expect(
      retryOnConflict(
        async (n) => {
          seen.push(n);
          if (n < 3) throw new VersionConflict();
          return 'done';
        },
        { maxAttempts: 3, exhausted: () => new Error('exhausted') },
      ),
    ).resolves.toBe('done');
    expect(seen).toEqual([1, 2, 3]);

    const tries: number[] = [];
    await expect(
      retryOnConflict(
        async (n) => {
          tries.push(n);
          throw new VersionConflict();
        },
        { maxAttempts: 2, exhausted: () => new Error('exhausted') },
      ),
    ).rejects.toThrow('exhausted');
    expect(tries).toEqual([1, 2]);

    let calls = 0;
    await expect(
      retryOnConflict(
        async () => {
          calls += 1;
          throw new Error('boom');
        },
        { maxAttempts: 5, exhausted: () => new Error('exhausted') },
      ),
    ).rejects.toThrow('boom');
    expect(calls).toBe(1);
  });
});
