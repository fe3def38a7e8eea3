import { useMutation } from '@tanstack/react-query';
import type { WithdrawalResult } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function deleteWithdrawal(id: number): Promise<WithdrawalResult> {
  return api.delete<WithdrawalResult>(`/api/admin/withdrawals/${id}`);
}

export function useDeleteWithdrawal() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: deleteWithdrawal,
    onSettled: () => refetch(adminKeys.withdrawals, adminKeys.users),
  });
}
