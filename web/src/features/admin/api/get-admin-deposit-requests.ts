import type { AdminDepositRequestsResponse, DepositRequestFilter } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, adminListParams, type AdminListPage, PENDING_PAGE_SIZE, useAdminPage } from './admin-query';

export type DepositRequestsPage = AdminListPage<DepositRequestFilter>;
export const FIRST_DEPOSIT_REQUESTS_PAGE: DepositRequestsPage = {
  offset: 0,
  size: PENDING_PAGE_SIZE,
  search: '',
  filter: 'pending',
};

/** One page of deposit requests (pending ones first of all), newest first; the server pages and filters. */
export function getAdminDepositRequests(
  page: DepositRequestsPage = FIRST_DEPOSIT_REQUESTS_PAGE,
): Promise<AdminDepositRequestsResponse> {
  return api.get<AdminDepositRequestsResponse>(`/api/admin/deposit-requests?${adminListParams(page, 'status')}`);
}

export function useAdminDepositRequests(page: DepositRequestsPage) {
  return useAdminPage(adminKeys.depositRequests, page, getAdminDepositRequests);
}
