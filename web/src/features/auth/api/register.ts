import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, RegisterRequest, UserResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/session';

/** POST /api/auth/register: creates the account and its session. */
export async function register(body: RegisterRequest): Promise<PublicUser> {
  const response = await api.post<UserResponse>('/api/auth/register', body);
  return response.user;
}

export const registerMutation = mutationOptions<PublicUser, Error, RegisterRequest>({
  mutationKey: ['auth', 'register'],
  mutationFn: register,
});

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    ...registerMutation,
    onSuccess: (user) => {
      // Nothing cached for a previous user may be shown to this one (queries never go stale).
      queryClient.getQueryCache().clear();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
    },
  });
}
