import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MfaCodeRequest,
  MfaDisableRequest,
  MfaEnableResponse,
  MfaSetupResponse,
  PublicUser,
  UserResponse,
} from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/session';
import { twoFactorStatusQuery } from '../../../lib/two-factor';

export { useTwoFactorStatus } from '../../../lib/two-factor';

/** POST /api/auth/mfa/verify: the code step of a sign-in; signs in. */
export async function verifyCode(body: MfaCodeRequest): Promise<PublicUser> {
  return (await api.post<UserResponse>('/api/auth/mfa/verify', body)).user;
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'mfa', 'verify'],
    mutationFn: verifyCode,
    onSuccess: (user) => {
      queryClient.getQueryCache().clear();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
    },
  });
}

/** POST /api/auth/mfa/setup: a new secret and its otpauth:// URL (not in force until enabled). */
export function useStartSetup() {
  return useMutation({
    mutationKey: ['auth', 'mfa', 'setup'],
    mutationFn: () => api.post<MfaSetupResponse>('/api/auth/mfa/setup'),
  });
}

/** POST /api/auth/mfa/enable: the first code turns it on; the recovery codes come back once. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationKey: ['auth', 'mfa', 'enable'],
    mutationFn: (body: MfaCodeRequest) => api.post<MfaEnableResponse>('/api/auth/mfa/enable', body),
  });
}

/** POST /api/auth/mfa/disable: the password and a code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'mfa', 'disable'],
    mutationFn: (body: MfaDisableRequest) => api.post<{ message: string }>('/api/auth/mfa/disable', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}
