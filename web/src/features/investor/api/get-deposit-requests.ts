import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositRequestsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

export function getDepositRequests(): Promise<DepositRequestsResponse> {
  return api.get<DepositRequestsResponse>('/api/user/deposit-requests');
}

export const depositRequestsQuery = queryOptions({
  queryKey: ['user', 'deposit-requests'],
  queryFn: getDepositRequests,
  ...investorQueryOptions,
});

export function useDepositRequests() {
  return useSlicedQuery(useQuery(depositRequestsQuery));
}
