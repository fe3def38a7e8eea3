import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountActivityResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

export function getAccountActivity(): Promise<AccountActivityResponse> {
  return api.get<AccountActivityResponse>('/api/user/admin-transactions');
}

export const accountActivityQuery = queryOptions({
  queryKey: ['user', 'admin-transactions'],
  queryFn: getAccountActivity,
  ...investorQueryOptions,
});

export function useAccountActivity() {
  return useSlicedQuery(useQuery(accountActivityQuery));
}
