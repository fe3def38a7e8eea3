import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Signs out and forgets every cached answer, so nothing of the previous user stays in memory. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    ...logoutMutation,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
    },
  });
}
