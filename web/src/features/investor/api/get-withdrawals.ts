import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

export function getWithdrawals(): Promise<WithdrawalsResponse> {
  return api.get<WithdrawalsResponse>('/api/user/withdrawals');
}

export const withdrawalsQuery = queryOptions({
  queryKey: ['user', 'withdrawals'],
  queryFn: getWithdrawals,
  ...investorQueryOptions,
});

export function useWithdrawals() {
  return useSlicedQuery(useQuery(withdrawalsQuery));
}
