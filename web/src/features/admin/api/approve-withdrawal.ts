import { useMutation } from '@tanstack/react-query';
import type { ApprovalPendingResult, WithdrawalResult } from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function approveWithdrawal(
  id: number,
  idempotencyKey: string,
): Promise<WithdrawalResult | ApprovalPendingResult> {
  return api.patch<WithdrawalResult | ApprovalPendingResult>(`/api/admin/withdrawals/${id}/approve`, undefined, {
    idempotencyKey,
  });
}

export function useApproveWithdrawal() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: (id: number) => approveWithdrawal(id, newIdempotencyKey()),
    onSettled: () =>
      refetch(adminKeys.approvals, adminKeys.withdrawals, adminKeys.users, adminKeys.transactions, adminKeys.daily),
  });
}
