import { useMutation } from '@tanstack/react-query';
import type { ConfirmDepositRequest, DepositResult } from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function confirmDeposit(body: ConfirmDepositRequest, idempotencyKey: string): Promise<DepositResult> {
  return api.post<DepositResult>('/api/admin/deposits/confirm', body, { idempotencyKey });
}

export function useConfirmDeposit() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: (body: ConfirmDepositRequest) => confirmDeposit(body, newIdempotencyKey()),
    onSuccess: () => refetch(adminKeys.users, adminKeys.transactions, adminKeys.daily),
  });
}
