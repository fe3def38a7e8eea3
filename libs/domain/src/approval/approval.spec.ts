import type { ApprovalEvent } from './approval-events';
import {
  decideApproval,
  evolveApproval,
  needsSecondAdmin,
  requireNotOwnAccount,
  StaffMessages,
  type ApprovalState,
} from './approval';

const requested: ApprovalEvent = {
  type: 'ApprovalRequested',
  data: {
    approvalId: 7,
    kind: 'balance_add',
    userId: 3,
    amountCents: '2500000',
    depositRequestId: null,
    withdrawalId: null,
    note: 'wire',
    makerId: 1,
  },
};

const given = (...events: ApprovalEvent[]): ApprovalState =>
  events.reduce<ApprovalState | null>(evolveApproval, null) as ApprovalState;

describe('staff controls', () => {
  it('refuses an admin acting on their own account, and nobody else', () => {
    expect(() => requireNotOwnAccount(3, 3)).toThrow(StaffMessages.ownAccount);
    expect(() => requireNotOwnAccount(4, 3)).not.toThrow();
    expect(() => requireNotOwnAccount(null, 3)).not.toThrow();
  });

  it('needs a second admin at or above the threshold, every move at 0, none when off', () => {
    expect(needsSecondAdmin(1_000_000n, 1_000_000n)).toBe(true);
    expect(needsSecondAdmin(1_000_000n, 999_999n)).toBe(false);
    expect(needsSecondAdmin(0n, 1n)).toBe(true);
    expect(needsSecondAdmin(null, 10n ** 14n)).toBe(false);
  });
});

describe('an approval', () => {
  it('is granted by another admin, naming maker and checker', () => {
    expect(decideApproval({ type: 'GrantApproval', data: { checkerId: 2 } }, given(requested))).toEqual([
      { type: 'ApprovalGranted', data: { approvalId: 7, makerId: 1, checkerId: 2 } },
    ]);
  });

  it('is never granted by its maker, nor by the customer', () => {
    expect(() => decideApproval({ type: 'GrantApproval', data: { checkerId: 1 } }, given(requested))).toThrow(
      StaffMessages.secondAdminRequired,
    );
    expect(() => decideApproval({ type: 'GrantApproval', data: { checkerId: 3 } }, given(requested))).toThrow(
      StaffMessages.ownAccount,
    );
  });

  it('is decided once: approved, rejected or void, nothing more happens to it', () => {
    const decided: ApprovalEvent[] = [
      { type: 'ApprovalGranted', data: { approvalId: 7, makerId: 1, checkerId: 2 } },
      { type: 'ApprovalRejected', data: { approvalId: 7, makerId: 1, checkerId: 2, reason: 'no' } },
      { type: 'ApprovalVoided', data: { approvalId: 7, reason: 'edited' } },
    ];
    for (const event of decided) {
      const state = given(requested, event);
      expect(state.version).toBe(2);
      for (const command of [
        { type: 'GrantApproval', data: { checkerId: 2 } },
        { type: 'RejectApproval', data: { checkerId: 2, reason: 'late' } },
        { type: 'VoidApproval', data: { reason: 'deleted' } },
      ] as const) {
        expect(() => decideApproval(command, state)).toThrow(StaffMessages.notPending);
      }
    }
    expect(given(requested, decided[2]).status).toBe('void');
  });

  it('may be rejected by its maker (withdrawn): nothing moves either way', () => {
    expect(
      decideApproval({ type: 'RejectApproval', data: { checkerId: 1, reason: 'asked by mistake' } }, given(requested)),
    ).toEqual([
      { type: 'ApprovalRejected', data: { approvalId: 7, makerId: 1, checkerId: 1, reason: 'asked by mistake' } },
    ]);
  });
});

/** The error a call throws (fails the test when it throws none). */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal, got none');
}

describe('staff controls: what a refusal says', () => {
  it('words every refusal as the contract does', () => {
    expect(StaffMessages).toEqual({
      ownAccount: 'You cannot act on your own account',
      secondAdminRequired: 'A second admin must approve this',
      notPending: 'This approval is no longer pending',
    });
  });

  it('refuses the own account as a 403 with its code and message', () => {
    // given an admin who is the customer, when they act, then STAFF.OWN_ACCOUNT (forbidden)
    expect(thrown(() => requireNotOwnAccount(3, 3))).toMatchObject({
      code: 'STAFF.OWN_ACCOUNT',
      kind: 'forbidden',
      message: 'You cannot act on your own account',
    });
  });

  it('refuses a grant by the maker as a 403 with its code and message', () => {
    expect(
      thrown(() => decideApproval({ type: 'GrantApproval', data: { checkerId: 1 } }, given(requested))),
    ).toMatchObject({ code: 'APPROVAL.SAME_ADMIN', kind: 'forbidden', message: 'A second admin must approve this' });
  });

  it('refuses a decision on a decided approval as a 409 with its code and message', () => {
    // given an approval already granted, when it is voided, then APPROVAL.NOT_PENDING (conflict)
    const granted = given(requested, {
      type: 'ApprovalGranted',
      data: { approvalId: 7, makerId: 1, checkerId: 2 },
    });
    expect(thrown(() => decideApproval({ type: 'VoidApproval', data: { reason: 'edited' } }, granted))).toMatchObject({
      code: 'APPROVAL.NOT_PENDING',
      kind: 'conflict',
      message: 'This approval is no longer pending',
    });
  });
});

describe('an approval, decided and folded', () => {
  it('is voided while pending, with the reason given', () => {
    // given a pending approval, when what it names is edited, then ApprovalVoided with that reason
    expect(decideApproval({ type: 'VoidApproval', data: { reason: 'edited' } }, given(requested))).toEqual([
      { type: 'ApprovalVoided', data: { approvalId: 7, reason: 'edited' } },
    ]);
  });

  it('refuses a command it does not know (an untyped caller) rather than deciding nothing', () => {
    const unknown = { type: 'ExpireApproval', data: {} } as unknown as Parameters<typeof decideApproval>[0];
    expect(() => decideApproval(unknown, given(requested))).toThrow('Unhandled command [object Object]');
  });

  it('folds the request into a pending state at version 1, without a statement line when none is named', () => {
    const state = given(requested);
    expect(state).toStrictEqual({
      id: 7,
      version: 1,
      status: 'pending',
      kind: 'balance_add',
      userId: 3,
      amountCents: 2_500_000n,
      depositRequestId: null,
      withdrawalId: null,
      note: 'wire',
      makerId: 1,
    });
    expect(Object.keys(state)).not.toContain('statementLineId');
  });

  it('keeps the bank statement line a deposit credits', () => {
    // given a deposit requested for statement line 41, then its state names that line
    const deposit: ApprovalEvent = {
      type: 'ApprovalRequested',
      data: {
        approvalId: 8,
        kind: 'deposit',
        userId: 3,
        amountCents: '2500000',
        depositRequestId: null,
        withdrawalId: null,
        note: null,
        makerId: 1,
        statementLineId: 41,
      },
    };
    expect(given(deposit).statementLineId).toBe(41);
  });

  it.each([
    ['ApprovalGranted', 'approved', { type: 'ApprovalGranted', data: { approvalId: 7, makerId: 1, checkerId: 2 } }],
    [
      'ApprovalRejected',
      'rejected',
      { type: 'ApprovalRejected', data: { approvalId: 7, makerId: 1, checkerId: 2, reason: 'no' } },
    ],
    ['ApprovalVoided', 'void', { type: 'ApprovalVoided', data: { approvalId: 7, reason: 'deleted' } }],
  ] as [string, string, ApprovalEvent][])('after %s is %s, one version up', (_, status, event) => {
    const state = given(requested, event);
    expect(state.status).toBe(status);
    expect(state.version).toBe(2);
  });

  it('cannot fold a decision before its request', () => {
    expect(() =>
      evolveApproval(null, { type: 'ApprovalGranted', data: { approvalId: 7, makerId: 1, checkerId: 2 } }),
    ).toThrow('ApprovalGranted before ApprovalRequested');
  });
});
