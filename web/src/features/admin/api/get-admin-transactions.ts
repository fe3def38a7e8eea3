import { ADMIN_LIST_PAGE_SIZE, type AdminTransactionFilter, type AdminTransactionsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, adminListParams, type AdminListPage, useAdminPage } from './admin-query';

export type TransactionsPage = AdminListPage<AdminTransactionFilter>;
export const FIRST_TRANSACTIONS_PAGE: TransactionsPage = {
  offset: 0,
  size: ADMIN_LIST_PAGE_SIZE,
  search: '',
  filter: 'all',
};

/** One page of the transaction history, newest first; the server pages and filters. */
export function getAdminTransactions(
  page: TransactionsPage = FIRST_TRANSACTIONS_PAGE,
): Promise<AdminTransactionsResponse> {
  return api.get<AdminTransactionsResponse>(`/api/admin/transactions?${adminListParams(page, 'kind')}`);
}

export function useAdminTransactions(page: TransactionsPage) {
  return useAdminPage(adminKeys.transactions, page, getAdminTransactions);
}
