import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDepositRequestsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, adminListOptions } from './admin-query';

export function getAdminDepositRequests(): Promise<AdminDepositRequestsResponse> {
  return api.get<AdminDepositRequestsResponse>('/api/admin/deposit-requests');
}

export const adminDepositRequestsQuery = queryOptions({
  queryKey: adminKeys.depositRequests,
  queryFn: getAdminDepositRequests,
  ...adminListOptions,
});

export function useAdminDepositRequests() {
  return useQuery(adminDepositRequestsQuery);
}
