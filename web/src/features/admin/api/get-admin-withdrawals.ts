import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawalsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, adminListOptions } from './admin-query';

export function getAdminWithdrawals(): Promise<AdminWithdrawalsResponse> {
  return api.get<AdminWithdrawalsResponse>('/api/admin/withdrawals');
}

export const adminWithdrawalsQuery = queryOptions({
  queryKey: adminKeys.withdrawals,
  queryFn: getAdminWithdrawals,
  ...adminListOptions,
});

export function useAdminWithdrawals() {
  return useQuery(adminWithdrawalsQuery);
}
