import {
  decideApproval,
  DomainError,
  needsSecondAdmin,
  requireNotOwnAccount,
  type AccountEvent,
  type ApprovalEvent,
  type ApprovalVoidReason,
} from '@savings/domain';
import type { EventMetadata } from '@savings/ledger';
import type { AccountCommandSpec, FourEyesClaim, LoadedAccount, TargetedRequest } from './account-ledger';

/** What one command appends once staff controls have had their say. */
export interface CommandPlan {
  events: AccountEvent[];
  /** events of the targeted approval's stream (or of a new one) */
  approvalEvents: ApprovalEvent[];
  metadata: EventMetadata;
  /** the move reached the four-eyes threshold: it waits for a second admin instead of happening */
  becamePending: boolean;
  /** set when the events change the targeted request: its other pending approvals become void */
  voidReason: ApprovalVoidReason | null;
}

/**
 * Staff controls around a money command, in the group's transaction, on the state the command is
 * decided on (api-contract.md section 9; docs/decisions/0022-staff-controls.md):
 *  1. separation of duties: an admin move on the admin's own account is refused (403) before anything;
 *  2. a decision on an approval (grant, reject) is the approval's decider's; a grant also runs the move
 *     it names, its events' metadata naming maker and checker;
 *  3. the account decides the move as always (a refusal is the account's: 400, 409...);
 *  4. four eyes: an admin move at or above the threshold is kept as a new pending approval and nothing
 *     of the account is appended.
 */
export function planCommand(
  spec: AccountCommandSpec<unknown>,
  account: LoadedAccount,
  metadata: EventMetadata,
  fourEyes: FourEyesClaim | null,
): CommandPlan {
  const adminId = metadata.actor.kind === 'admin' ? Number(metadata.actor.id) : null;
  const move = spec.move?.(account);
  if (move) requireNotOwnAccount(adminId, account.holder.id);
  let approvalEvents: ApprovalEvent[] = [];
  let planned = metadata;
  if (spec.approvalCommand) {
    if (!account.approval) throw new DomainError('APPROVAL.NOT_FOUND', 'not_found', 'Approval not found');
    approvalEvents = decideApproval(spec.approvalCommand, account.approval);
    if (spec.approvalCommand.type === 'GrantApproval') {
      planned = { ...metadata, makerId: account.approval.makerId, checkerId: spec.approvalCommand.data.checkerId };
    }
  }
  const events = spec.decide(account);
  if (move && fourEyes && needsSecondAdmin(fourEyes.threshold, move.amountCents)) {
    return {
      events: [],
      approvalEvents: [
        {
          type: 'ApprovalRequested',
          data: {
            approvalId: fourEyes.approvalId,
            kind: move.kind,
            userId: move.userId,
            amountCents: String(move.amountCents),
            depositRequestId: move.depositRequestId,
            withdrawalId: move.withdrawalId,
            note: move.note,
            makerId: fourEyes.makerId,
          },
        },
      ],
      metadata: { ...metadata, makerId: fourEyes.makerId },
      becamePending: true,
      voidReason: null,
    };
  }
  return { events, approvalEvents, metadata: planned, becamePending: false, voidReason: voidReasonOf(events, account) };
}

/** Why the events void the approvals pending on the targeted request: edited, deleted or decided. */
function voidReasonOf(events: AccountEvent[], account: LoadedAccount): ApprovalVoidReason | null {
  const request: TargetedRequest | null = account.request;
  if (!request) return null;
  for (const event of events) {
    switch (event.type) {
      case 'DepositRequestAmountChanged':
        if (event.data.depositRequestId === request.id) return 'edited';
        break;
      case 'WithdrawalAmountChanged':
        if (event.data.withdrawalId === request.id) return 'edited';
        break;
      case 'DepositRequestCancelled':
        if (event.data.depositRequestId === request.id) return 'deleted';
        break;
      case 'WithdrawalCancelled':
        if (event.data.withdrawalId === request.id) return 'deleted';
        break;
      case 'DepositConfirmed':
        if (event.data.depositRequestId === request.id) return 'decided';
        break;
      case 'WithdrawalApproved':
      case 'WithdrawalPaidOut':
        if (event.data.withdrawalId === request.id) return 'decided';
        break;
      default:
        break;
    }
  }
  return null;
}
