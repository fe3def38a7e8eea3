import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, PublicUser, UserResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/session';

/** POST /api/auth/login: `email` holds an e-mail address or a username. */
export async function login(body: LoginRequest): Promise<PublicUser> {
  const response = await api.post<UserResponse>('/api/auth/login', body);
  return response.user;
}

export const loginMutation = mutationOptions<PublicUser, Error, LoginRequest>({
  mutationKey: ['auth', 'login'],
  mutationFn: login,
});

/** Signs in and stores the user as the current user, so the header and guarded screens see it at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    ...loginMutation,
    onSuccess: (user) => {
      // Nothing cached for a previous user may be shown to this one (queries never go stale).
      queryClient.getQueryCache().clear();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
    },
  });
}
