import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvestorDailyResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';

export function getDailyHistory(): Promise<InvestorDailyResponse> {
  return api.get<InvestorDailyResponse>('/api/user/charts/daily');
}

/** The 90 days behind the dashboard's balance chart and the interest history's chart. */
export const dailyHistoryQuery = queryOptions({
  queryKey: ['user', 'charts', 'daily'],
  queryFn: getDailyHistory,
  ...investorQueryOptions,
});

export function useDailyHistory() {
  return useQuery(dailyHistoryQuery);
}
