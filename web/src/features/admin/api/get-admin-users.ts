import { ADMIN_USERS_PAGE_SIZE, type AdminUsersResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import type { UserOrder } from '../utils/sort-users';
import { adminKeys, useAdminPage } from './admin-query';

/** One page of the users table: the server sorts, searches and pages; the totals stay global. */
export interface AdminUsersPage extends UserOrder {
  offset: number;
  /** part of a name, e-mail or reference code; empty lists everyone */
  search: string;
}

export const FIRST_USERS_PAGE: AdminUsersPage = { offset: 0, sort: 'id', order: 'asc', search: '' };

export function getAdminUsers(page: AdminUsersPage): Promise<AdminUsersResponse> {
  const params = new URLSearchParams({
    limit: String(ADMIN_USERS_PAGE_SIZE),
    offset: String(page.offset),
    sort: page.sort,
    order: page.order,
  });
  const search = page.search.trim();
  if (search) params.set('q', search);
  return api.get<AdminUsersResponse>(`/api/admin/users?${params}`);
}

export function useAdminUsers(page: AdminUsersPage) {
  return useAdminPage(adminKeys.users, page, getAdminUsers);
}
