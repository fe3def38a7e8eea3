import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser, SessionResponse } from '@savings/contracts';
import { api } from './api-client';

/**
 * The signed-in user, or null when signed out. Asked on every page, so it uses the session probe
 * (200 with no user when signed out): a visitor's console shows no failed request. Never retried.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: async (): Promise<PublicUser | null> => (await api.get<SessionResponse>('/api/auth/session')).user,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** POST /api/auth/logout; the response is not read. */
export async function logout(): Promise<void> {
  await api.post<unknown>('/api/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationKey: ['auth', 'logout'], mutationFn: logout });
}

/**
 * Forgets every cached answer after sign-out, so nothing of the previous user stays in memory. Call it
 * once the signed-in screen is gone: a mounted screen would refetch, get 401 and redirect to /auth.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(currentUserQuery.queryKey, null);
}
