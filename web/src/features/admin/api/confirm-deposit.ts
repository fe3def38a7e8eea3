import { useMutation } from '@tanstack/react-query';
import type { ApprovalPendingResult, ConfirmDepositRequest, DepositResult } from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function confirmDeposit(
  body: ConfirmDepositRequest,
  idempotencyKey: string,
): Promise<DepositResult | ApprovalPendingResult> {
  return api.post<DepositResult | ApprovalPendingResult>('/api/admin/deposits/confirm', body, { idempotencyKey });
}

export function useConfirmDeposit() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: (body: ConfirmDepositRequest) => confirmDeposit(body, newIdempotencyKey()),
    onSuccess: () => refetch(adminKeys.approvals, adminKeys.users, adminKeys.transactions, adminKeys.daily),
  });
}
