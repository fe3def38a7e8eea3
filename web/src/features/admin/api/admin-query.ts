import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ADMIN_LIST_PAGE_SIZE, ADMIN_REFETCH_MS } from '@savings/contracts';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

/**
 * Every back-office list polls every 30 s and refreshes on window focus (product.md section 2).
 * 'always': the app's data never goes stale (product.md section 9), and `true` only refetches stale data.
 */
export const adminListOptions = {
  refetchInterval: ADMIN_REFETCH_MS,
  refetchOnWindowFocus: 'always',
} as const;

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  transactions: ['admin', 'transactions'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  depositRequests: ['admin', 'deposit-requests'] as const,
  notifications: ['admin', 'notifications'] as const,
  daily: ['admin', 'daily'] as const,
  blogPosts: ['admin', 'blog-posts'] as const,
  payoutFiles: ['admin', 'payout-files'] as const,
  approvals: ['admin', 'approvals'] as const,
};

type AdminKey = (typeof adminKeys)[keyof typeof adminKeys];

/**
 * One page of a paged back-office list: polled as every list is, its answer rendered as a transition,
 * and the previous page kept on screen while the next one loads (no flash of an empty list).
 */
export function useAdminPage<Page, Data>(key: AdminKey, page: Page, fetchPage: (page: Page) => Promise<Data>) {
  return useSlicedQuery(
    useQuery({
      queryKey: [...key, page] as QueryKey,
      queryFn: () => fetchPage(page),
      placeholderData: keepPreviousData,
      ...adminListOptions,
    }),
  );
}

/** Refetches the lists a mutation touched. */
export function useRefetchAdmin() {
  const queryClient = useQueryClient();
  return (...keys: AdminKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Entries a pending-work panel shows at once: ten keep the summary and the pending work at the top of
 * the screen (the server would give 50, ADMIN_LIST_PAGE_SIZE).
 */
export const PENDING_PAGE_SIZE = 10;

/** One page of a paged back-office list: where it starts, how many, the customer searched for, the status or kind shown. */
export interface AdminListPage<Filter extends string> {
  offset: number;
  /** at most ADMIN_LIST_PAGE_SIZE */
  size: number;
  /** part of a customer's name, e-mail or reference code; empty for everyone */
  search: string;
  filter: Filter;
}

/** The query string of a page: 50 at most, the search as ?q, the filter under its own name. */
export function adminListParams<Filter extends string>(
  page: AdminListPage<Filter>,
  filterName: 'status' | 'kind',
): URLSearchParams {
  const params = new URLSearchParams({
    limit: String(Math.min(page.size, ADMIN_LIST_PAGE_SIZE)),
    offset: String(page.offset),
    [filterName]: page.filter,
  });
  const search = page.search.trim();
  if (search) params.set('q', search);
  return params;
}
