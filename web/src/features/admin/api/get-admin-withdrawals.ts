import type { AdminWithdrawalsResponse, WithdrawalFilter } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, adminListParams, type AdminListPage, PENDING_PAGE_SIZE, useAdminPage } from './admin-query';

export type WithdrawalsPage = AdminListPage<WithdrawalFilter>;
export const FIRST_WITHDRAWALS_PAGE: WithdrawalsPage = {
  offset: 0,
  size: PENDING_PAGE_SIZE,
  search: '',
  filter: 'pending',
};

/** One page of withdrawals (pending ones first of all), newest first; the server pages and filters. */
export function getAdminWithdrawals(page: WithdrawalsPage = FIRST_WITHDRAWALS_PAGE): Promise<AdminWithdrawalsResponse> {
  return api.get<AdminWithdrawalsResponse>(`/api/admin/withdrawals?${adminListParams(page, 'status')}`);
}

export function useAdminWithdrawals(page: WithdrawalsPage) {
  return useAdminPage(adminKeys.withdrawals, page, getAdminWithdrawals);
}
