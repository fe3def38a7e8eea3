import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositRequestCreate, DepositRequestResult } from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { depositRequestsQuery } from './get-deposit-requests';

export function createDepositRequest(
  body: DepositRequestCreate,
  idempotencyKey: string,
): Promise<DepositRequestResult> {
  return api.post<DepositRequestResult>('/api/user/deposit-request', body, { idempotencyKey });
}

export function useCreateDepositRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    // one key per submit: a network retry of the same submit never files two requests
    mutationFn: (body: DepositRequestCreate) => createDepositRequest(body, newIdempotencyKey()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositRequestsQuery.queryKey }),
  });
}
