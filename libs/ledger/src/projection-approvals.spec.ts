import type { LedgerEvent } from '@savings/domain';
import { ProjectionBatch, projectEvent, type ProjectionChange } from './projection';

/**
 * Given an approval stream's events, when they are projected, then the approvals rows they write;
 * and given a batch holding changes of any one kind, it is not empty.
 */

const at = new Date('2030-01-05T09:30:00Z');
const project = (event: LedgerEvent) => projectEvent({ seq: '900', userId: '42', occurredAt: at, event });

describe('projectEvent: approvals', () => {
  it('a request inserts a pending approval naming the move, its request and maker', () => {
    expect(
      project({
        type: 'ApprovalRequested',
        data: {
          approvalId: 9,
          kind: 'withdrawal',
          userId: 42,
          amountCents: '2500000',
          depositRequestId: null,
          withdrawalId: 5,
          note: 'large',
          makerId: 7,
        },
      }),
    ).toEqual([
      {
        table: 'approvals',
        op: 'insert',
        row: {
          id: '9',
          kind: 'withdrawal',
          status: 'pending',
          userId: '42',
          amountCents: '2500000',
          depositRequestId: null,
          withdrawalId: '5',
          note: 'large',
          requestedBy: '7',
          requestedAt: at,
          decidedBy: null,
          decidedAt: null,
          reason: null,
          bankStatementLineId: null,
        },
      },
    ]);
    const [line] = project({
      type: 'ApprovalRequested',
      data: {
        approvalId: 10,
        kind: 'deposit_request',
        userId: 42,
        amountCents: '2500000',
        depositRequestId: 3,
        withdrawalId: null,
        note: null,
        makerId: 7,
        statementLineId: 77,
      },
    });
    expect(line).toMatchObject({ row: { depositRequestId: '3', withdrawalId: null, bankStatementLineId: '77' } });
  });

  it('a grant, a rejection and a void each close it with who and when', () => {
    expect(project({ type: 'ApprovalGranted', data: { approvalId: 9, makerId: 7, checkerId: 8 } })).toEqual([
      { table: 'approvals', op: 'update', id: '9', set: { status: 'approved', decidedBy: '8', decidedAt: at } },
    ]);
    expect(
      project({ type: 'ApprovalRejected', data: { approvalId: 9, makerId: 7, checkerId: 8, reason: 'too much' } }),
    ).toEqual([
      {
        table: 'approvals',
        op: 'update',
        id: '9',
        set: { status: 'rejected', decidedBy: '8', decidedAt: at, reason: 'too much' },
      },
    ]);
    expect(project({ type: 'ApprovalVoided', data: { approvalId: 9, reason: 'edited' } })).toEqual([
      { table: 'approvals', op: 'update', id: '9', set: { status: 'void', decidedAt: at, reason: 'edited' } },
    ]);
  });
});

describe('ProjectionBatch.isEmpty', () => {
  const only = (event: LedgerEvent, table: ProjectionChange['table'], op: 'insert' | 'update') => {
    const change = project(event).find((c) => c.table === table && ('op' in c ? c.op === op : op === 'insert'));
    if (!change) throw new Error(`no ${op} of ${table}`);
    return change;
  };
  const confirmed: LedgerEvent = {
    type: 'DepositConfirmed',
    data: {
      depositRequestId: null,
      amountCents: '150000',
      note: null,
      adminId: 1,
      referenceCode: '22222222',
      balanceBeforeCents: '0',
      balanceAfterCents: '150000',
    },
  };
  const kinds: ProjectionChange[] = [
    only({ type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '1' } }, 'depositRequests', 'insert'),
    only(
      { type: 'DepositRequestAmountChanged', data: { depositRequestId: 4, fromCents: '1', toCents: '2' } },
      'depositRequests',
      'update',
    ),
    only({ type: 'WithdrawalRequested', data: { withdrawalId: 5, amountCents: '1' } }, 'withdrawals', 'insert'),
    only(
      { type: 'WithdrawalAmountChanged', data: { withdrawalId: 6, fromCents: '1', toCents: '2' } },
      'withdrawals',
      'update',
    ),
    only(confirmed, 'deposits', 'insert'),
    only(confirmed, 'adminTransactions', 'insert'),
    only(
      {
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
      },
      'interestPayments',
      'insert',
    ),
    only(
      {
        type: 'ApprovalRequested',
        data: {
          approvalId: 9,
          kind: 'balance_add',
          userId: 42,
          amountCents: '1',
          depositRequestId: null,
          withdrawalId: null,
          note: null,
          makerId: 7,
        },
      },
      'approvals',
      'insert',
    ),
    only({ type: 'ApprovalGranted', data: { approvalId: 10, makerId: 7, checkerId: 8 } }, 'approvals', 'update'),
  ];

  it('is empty with no change', () => {
    expect(new ProjectionBatch().isEmpty).toBe(true);
  });

  it('is not empty with a change of any one kind, alone or beside a change of another kind', () => {
    for (const [index, change] of kinds.entries()) {
      const alone = new ProjectionBatch();
      alone.add(change);
      expect(alone.isEmpty).toBe(false);
      for (const other of kinds.slice(0, index)) {
        const pair = new ProjectionBatch();
        pair.addAll([other, change]);
        expect(pair.isEmpty).toBe(false);
      }
    }
  });
});
