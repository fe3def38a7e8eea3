/**
 * Events of an approval stream (`approval-<id>`, a row of ledger_streams): four eyes on admin money
 * moves (api-contract.md section 9). They move no money and post nothing; the move itself is the
 * account event appended with ApprovalGranted, in the same transaction, its metadata naming maker
 * and checker. Amounts are integer cents as decimal strings, like the account's events.
 */

/** What an approval asks for: the five admin money moves. */
export type ApprovalKind = 'balance_add' | 'balance_subtract' | 'deposit' | 'deposit_request' | 'withdrawal';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'void';

/** Why a pending approval became void: what it names was edited, deleted or decided without it. */
export type ApprovalVoidReason = 'edited' | 'deleted' | 'decided';

export type ApprovalEvent =
  | {
      type: 'ApprovalRequested';
      data: {
        approvalId: number;
        kind: ApprovalKind;
        userId: number;
        amountCents: string;
        /** the request it decides (deposit_request / withdrawal kinds), else null */
        depositRequestId: number | null;
        withdrawalId: number | null;
        note: string | null;
        makerId: number;
      };
    }
  | { type: 'ApprovalGranted'; data: { approvalId: number; makerId: number; checkerId: number } }
  | { type: 'ApprovalRejected'; data: { approvalId: number; makerId: number; checkerId: number; reason: string } }
  | { type: 'ApprovalVoided'; data: { approvalId: number; reason: ApprovalVoidReason } };

export type ApprovalEventType = ApprovalEvent['type'];

export const APPROVAL_SCHEMA_VERSION: Record<ApprovalEventType, number> = {
  ApprovalRequested: 1,
  ApprovalGranted: 1,
  ApprovalRejected: 1,
  ApprovalVoided: 1,
};

export function approvalStreamIdOf(approvalId: number | string): string {
  return `approval-${approvalId}`;
}
