import { useMutation, useQuery } from '@tanstack/react-query';
import {
  formatUsd,
  isApprovalPending,
  type ApprovalDecisionResult,
  type ApprovalPendingResult,
  type ApprovalsResponse,
} from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { adminKeys, adminListOptions, useRefetchAdmin } from './admin-query';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

/** Pending approvals of admin money moves (api-contract.md section 9), newest first, and the threshold. */
export function getPendingApprovals(): Promise<ApprovalsResponse> {
  return api.get<ApprovalsResponse>('/api/admin/approvals?status=pending');
}

export function usePendingApprovals() {
  return useSlicedQuery(useQuery({ queryKey: adminKeys.approvals, queryFn: getPendingApprovals, ...adminListOptions }));
}

/** Whether a move of this many USD will wait for a second admin (the server decides; this only warns). */
export function needsSecondAdmin(threshold: number | null | undefined, amount: number): boolean {
  return threshold !== null && threshold !== undefined && Number.isFinite(amount) && amount >= threshold;
}

/** The note a dialog shows when its move will need a second admin. */
export function secondAdminNote(threshold: number): string {
  return `Moves of ${formatUsd(threshold)} or more need a second admin: this one will wait in Pending Approvals until another admin approves it.`;
}

/** The toast of a money move's answer: done, or waiting for a second admin (202). */
export function moveToast(result: unknown, done: [string, string]): [string, string] {
  if (!isApprovalPending(result)) return done;
  const { approval } = result as ApprovalPendingResult;
  return [
    'Waiting for a second admin',
    `${formatUsd(approval.amount)} for ${approval.userName} needs another admin's approval`,
  ];
}

export function useDecideApproval() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: ({ id, reject }: { id: number; reject?: { reason: string } }) =>
      reject
        ? api.post<ApprovalDecisionResult>(`/api/admin/approvals/${id}/reject`, reject)
        : api.post<ApprovalDecisionResult>(`/api/admin/approvals/${id}/approve`, undefined, {
            idempotencyKey: newIdempotencyKey(),
          }),
    onSettled: () =>
      refetch(
        adminKeys.approvals,
        adminKeys.users,
        adminKeys.transactions,
        adminKeys.withdrawals,
        adminKeys.depositRequests,
        adminKeys.daily,
      ),
  });
}
