import { useMutation } from '@tanstack/react-query';
import type { ApprovalPendingResult, AdjustBalanceRequest, AdjustBalanceResponse } from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function adjustBalance(
  userId: number,
  body: AdjustBalanceRequest,
  idempotencyKey: string,
): Promise<AdjustBalanceResponse | ApprovalPendingResult> {
  return api.patch<AdjustBalanceResponse | ApprovalPendingResult>(`/api/admin/users/${userId}/balance`, body, {
    idempotencyKey,
  });
}

export function useAdjustBalance() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: ({ userId, ...body }: AdjustBalanceRequest & { userId: number }) =>
      adjustBalance(userId, body, newIdempotencyKey()),
    onSuccess: () => refetch(adminKeys.approvals, adminKeys.users, adminKeys.transactions, adminKeys.daily),
  });
}
