import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/session';

/**
 * POST /api/auth/login: `email` holds an e-mail address or a username. The user, or
 * `{mfaRequired: true}` for an account with two-factor sign-in (the code step comes next).
 */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login', body);
}

export const loginMutation = mutationOptions<LoginResponse, Error, LoginRequest>({
  mutationKey: ['auth', 'login'],
  mutationFn: login,
});

/** Signs in and stores the user as the current user, so the header and guarded screens see it at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    ...loginMutation,
    onSuccess: (response) => {
      if (!('user' in response)) return; // the code step signs in (useVerifyCode)
      // Nothing cached for a previous user may be shown to this one (queries never go stale).
      queryClient.getQueryCache().clear();
      queryClient.setQueryData(currentUserQuery.queryKey, response.user);
    },
  });
}
