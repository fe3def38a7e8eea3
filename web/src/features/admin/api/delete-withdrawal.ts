import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function deleteWithdrawal(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/admin/withdrawals/${id}`);
}

export function useDeleteWithdrawal() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: deleteWithdrawal,
    onSettled: () => refetch(adminKeys.withdrawals, adminKeys.users),
  });
}
