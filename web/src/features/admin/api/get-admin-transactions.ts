import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTransactionsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, adminListOptions } from './admin-query';

export function getAdminTransactions(): Promise<AdminTransactionsResponse> {
  return api.get<AdminTransactionsResponse>('/api/admin/transactions');
}

export const adminTransactionsQuery = queryOptions({
  queryKey: adminKeys.transactions,
  queryFn: getAdminTransactions,
  ...adminListOptions,
});

export function useAdminTransactions() {
  return useQuery(adminTransactionsQuery);
}
