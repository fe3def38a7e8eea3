import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_REFETCH_MS } from '@savings/contracts';

/** Every back-office list polls every 30 s and refreshes on window focus (product.md section 2). */
export const adminListOptions = {
  refetchInterval: ADMIN_REFETCH_MS,
  refetchOnWindowFocus: true,
} as const;

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  transactions: ['admin', 'transactions'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  depositRequests: ['admin', 'deposit-requests'] as const,
  notifications: ['admin', 'notifications'] as const,
  blogPosts: ['admin', 'blog-posts'] as const,
};

type AdminKey = (typeof adminKeys)[keyof typeof adminKeys];

/** Refetches the lists a mutation touched. */
export function useRefetchAdmin() {
  const queryClient = useQueryClient();
  return (...keys: AdminKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
