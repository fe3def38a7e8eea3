import { useMutation } from '@tanstack/react-query';
import type { DepositRequestResult, EditAmountRequest } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function editDepositRequest(id: number, body: EditAmountRequest): Promise<DepositRequestResult> {
  return api.patch<DepositRequestResult>(`/api/admin/deposit-requests/${id}/edit`, body);
}

export function useEditDepositRequest() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: string }) => editDepositRequest(id, { amount }),
    onSuccess: () => refetch(adminKeys.depositRequests),
  });
}
