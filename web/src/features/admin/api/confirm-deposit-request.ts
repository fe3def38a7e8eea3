import { useMutation } from '@tanstack/react-query';
import type {
  ApprovalPendingResult,
  ConfirmDepositRequestRequest,
  ConfirmDepositRequestResult,
} from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function confirmDepositRequest(
  id: number,
  body: ConfirmDepositRequestRequest,
  idempotencyKey: string,
): Promise<ConfirmDepositRequestResult | ApprovalPendingResult> {
  return api.patch<ConfirmDepositRequestResult | ApprovalPendingResult>(
    `/api/admin/deposit-requests/${id}/confirm`,
    body,
    { idempotencyKey },
  );
}

export function useConfirmDepositRequest() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note?: string }) =>
      confirmDepositRequest(id, note ? { note } : {}, newIdempotencyKey()),
    onSettled: () =>
      refetch(adminKeys.approvals, adminKeys.depositRequests, adminKeys.users, adminKeys.transactions, adminKeys.daily),
  });
}
