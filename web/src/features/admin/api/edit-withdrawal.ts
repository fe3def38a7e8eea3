import { useMutation } from '@tanstack/react-query';
import type { EditAmountRequest, WithdrawalResult } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function editWithdrawal(id: number, body: EditAmountRequest): Promise<WithdrawalResult> {
  return api.patch<WithdrawalResult>(`/api/admin/withdrawals/${id}/edit`, body);
}

export function useEditWithdrawal() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: string }) => editWithdrawal(id, { amount }),
    onSuccess: () => refetch(adminKeys.withdrawals, adminKeys.users),
  });
}
