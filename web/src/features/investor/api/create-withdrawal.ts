import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalRequest, WithdrawalResult } from '@savings/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { dashboardQuery } from './get-dashboard';
import { profileKeys } from './get-profile';
import { withdrawalsQuery } from './get-withdrawals';

export function createWithdrawal(body: WithdrawalRequest, idempotencyKey: string): Promise<WithdrawalResult> {
  return api.post<WithdrawalResult>('/api/user/withdrawal', body, { idempotencyKey });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalRequest) => createWithdrawal(body, newIdempotencyKey()),
    // the hold lowers the available balance: refresh the session user and the history
    onSuccess: () =>
      Promise.all([
        ...profileKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        queryClient.invalidateQueries({ queryKey: withdrawalsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardQuery.queryKey }),
      ]),
  });
}
