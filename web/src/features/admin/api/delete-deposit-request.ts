import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function deleteDepositRequest(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/admin/deposit-requests/${id}`);
}

export function useDeleteDepositRequest() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: deleteDepositRequest,
    onSettled: () => refetch(adminKeys.depositRequests),
  });
}
