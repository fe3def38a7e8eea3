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
