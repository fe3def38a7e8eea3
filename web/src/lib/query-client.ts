import { QueryClient } from '@tanstack/react-query';

/** Defaults of product.md section 9: data never stale, no focus refetch, no polling, no automatic retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
}
