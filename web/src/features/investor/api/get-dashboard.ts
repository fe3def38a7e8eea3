import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

export function getDashboard(): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/api/user/dashboard');
}

export const dashboardQuery = queryOptions({
  queryKey: ['user', 'dashboard'],
  queryFn: getDashboard,
  ...investorQueryOptions,
});

export function useDashboard() {
  return useSlicedQuery(useQuery(dashboardQuery));
}
