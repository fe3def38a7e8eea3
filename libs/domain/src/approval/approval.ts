import { DomainError } from '../shared/domain-error';
import type { Cents } from '../money/money';
import type { ApprovalEvent, ApprovalKind, ApprovalStatus, ApprovalVoidReason } from './approval-events';

/**
 * Staff controls on admin money moves (api-contract.md section 9; docs/decisions/0022-staff-controls.md)
 * as pure rules: separation of duties (no admin moves money on their own account), the four-eyes
 * threshold, and the approval's decider (decideApproval / evolveApproval). Which account command a
 * granted approval runs is the application's business; how the balance changes stays the account's.
 */

export const StaffMessages = {
  ownAccount: 'You cannot act on your own account',
  secondAdminRequired: 'A second admin must approve this',
  notPending: 'This approval is no longer pending',
};

/** 403 when the admin acting is the customer whose money would move (adminId null: not an admin). */
export function requireNotOwnAccount(adminId: number | null, customerId: number): void {
  if (adminId !== null && adminId === customerId) {
    throw new DomainError('STAFF.OWN_ACCOUNT', 'forbidden', StaffMessages.ownAccount);
  }
}

/** FOUR_EYES_THRESHOLD in cents: moves at or above it need a second admin; null (`off`) none do. */
export type FourEyesThreshold = Cents | null;

export function needsSecondAdmin(threshold: FourEyesThreshold, amountCents: Cents): boolean {
  return threshold !== null && amountCents >= threshold;
}

/** An approval as its stream folds. */
export interface ApprovalState {
  id: number;
  version: number;
  status: ApprovalStatus;
  kind: ApprovalKind;
  userId: number;
  amountCents: Cents;
  depositRequestId: number | null;
  withdrawalId: number | null;
  note: string | null;
  makerId: number;
}

export type ApprovalCommand =
  | { type: 'GrantApproval'; data: { checkerId: number } }
  | { type: 'RejectApproval'; data: { checkerId: number; reason: string } }
  | { type: 'VoidApproval'; data: { reason: ApprovalVoidReason } };

function notPending(): DomainError {
  return new DomainError('APPROVAL.NOT_PENDING', 'conflict', StaffMessages.notPending);
}

/**
 * Events of a decision on a pending approval. Granting needs an admin other than the maker (and other
 * than the customer); rejecting moves nothing, so the maker may withdraw their own request that way.
 */
export function decideApproval(command: ApprovalCommand, state: ApprovalState): ApprovalEvent[] {
  if (state.status !== 'pending') throw notPending();
  const approvalId = state.id;
  switch (command.type) {
    case 'GrantApproval': {
      const { checkerId } = command.data;
      if (checkerId === state.makerId) {
        throw new DomainError('APPROVAL.SAME_ADMIN', 'forbidden', StaffMessages.secondAdminRequired);
      }
      requireNotOwnAccount(checkerId, state.userId);
      return [{ type: 'ApprovalGranted', data: { approvalId, makerId: state.makerId, checkerId } }];
    }
    case 'RejectApproval': {
      const { checkerId, reason } = command.data;
      return [{ type: 'ApprovalRejected', data: { approvalId, makerId: state.makerId, checkerId, reason } }];
    }
    case 'VoidApproval':
      return [{ type: 'ApprovalVoided', data: { approvalId, reason: command.data.reason } }];
    default: {
      const unreachable: never = command;
      throw new Error(`Unhandled command ${String(unreachable)}`);
    }
  }
}

export function evolveApproval(state: ApprovalState | null, event: ApprovalEvent): ApprovalState {
  if (event.type === 'ApprovalRequested') {
    const { data } = event;
    return {
      id: data.approvalId,
      version: 1,
      status: 'pending',
      kind: data.kind,
      userId: data.userId,
      amountCents: BigInt(data.amountCents),
      depositRequestId: data.depositRequestId,
      withdrawalId: data.withdrawalId,
      note: data.note,
      makerId: data.makerId,
    };
  }
  if (!state) throw new Error(`${event.type} before ApprovalRequested`);
  const status: ApprovalStatus =
    event.type === 'ApprovalGranted' ? 'approved' : event.type === 'ApprovalRejected' ? 'rejected' : 'void';
  return { ...state, version: state.version + 1, status };
}
