import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { retryUnlessUnauthenticated } from '../../../lib/query-retry';

export function getWithdrawals(): Promise<WithdrawalsResponse> {
  return api.get<WithdrawalsResponse>('/api/user/withdrawals');
}

export const withdrawalsQuery = queryOptions({
  queryKey: ['user', 'withdrawals'],
  queryFn: getWithdrawals,
  retry: retryUnlessUnauthenticated,
});

export function useWithdrawals() {
  return useQuery(withdrawalsQuery);
}
