import { useMutation } from '@tanstack/react-query';
import type { WithdrawalResult } from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function approveWithdrawal(id: number, idempotencyKey: string): Promise<WithdrawalResult> {
  return api.patch<WithdrawalResult>(`/api/admin/withdrawals/${id}/approve`, undefined, { idempotencyKey });
}

export function useApproveWithdrawal() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: (id: number) => approveWithdrawal(id, newIdempotencyKey()),
    onSettled: () => refetch(adminKeys.withdrawals, adminKeys.users, adminKeys.transactions, adminKeys.daily),
  });
}
