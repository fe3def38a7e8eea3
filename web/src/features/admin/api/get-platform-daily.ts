import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformDailyResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { useSlicedQuery } from '../../../lib/use-sliced-query';
import { adminKeys } from './admin-query';

export function getPlatformDaily(): Promise<PlatformDailyResponse> {
  return api.get<PlatformDailyResponse>('/api/admin/charts/daily');
}

/** The charts' 90 days: refreshed on focus, not polled (a day's totals move slowly). */
export const platformDailyQuery = queryOptions({
  queryKey: adminKeys.daily,
  queryFn: getPlatformDaily,
  refetchOnWindowFocus: 'always',
});

export function usePlatformDaily() {
  return useSlicedQuery(useQuery(platformDailyQuery));
}
