import { useMutation } from '@tanstack/react-query';
import type { EditAmountRequest } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function editDepositRequest(id: number, body: EditAmountRequest): Promise<unknown> {
  return api.patch<unknown>(`/api/admin/deposit-requests/${id}/edit`, body);
}

export function useEditDepositRequest() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: string }) => editDepositRequest(id, { amount }),
    onSuccess: () => refetch(adminKeys.depositRequests),
  });
}
