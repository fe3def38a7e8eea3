import { mutationOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/session';

/** POST /api/auth/logout; the response is not read. */
export async function logout(): Promise<void> {
  await api.post<unknown>('/api/auth/logout');
}

export const logoutMutation = mutationOptions<void, Error, void>({
  mutationKey: ['auth', 'logout'],
  mutationFn: logout,
});

export function useLogout() {
  return useMutation(logoutMutation);
}

/**
 * Forgets every cached answer after sign-out, so nothing of the previous user stays in memory. Call it
 * once the signed-in screen is gone: a mounted screen would refetch, get 401 and redirect to /auth.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(currentUserQuery.queryKey, null);
}
