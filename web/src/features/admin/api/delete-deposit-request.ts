import { useMutation } from '@tanstack/react-query';
import type { DepositRequestResult } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function deleteDepositRequest(id: number): Promise<DepositRequestResult> {
  return api.delete<DepositRequestResult>(`/api/admin/deposit-requests/${id}`);
}

export function useDeleteDepositRequest() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: deleteDepositRequest,
    onSettled: () => refetch(adminKeys.depositRequests),
  });
}
