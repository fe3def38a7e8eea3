import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, adminListOptions } from './admin-query';

export function getAdminUsers(): Promise<AdminUsersResponse> {
  return api.get<AdminUsersResponse>('/api/admin/users');
}

export const adminUsersQuery = queryOptions({
  queryKey: adminKeys.users,
  queryFn: getAdminUsers,
  ...adminListOptions,
});

export function useAdminUsers() {
  return useQuery(adminUsersQuery);
}
