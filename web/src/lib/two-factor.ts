import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaStatusResponse } from '@savings/contracts';
import { api } from './api-client';

/**
 * GET /api/auth/mfa: two-factor sign-in on or off, recovery codes left, whether the role requires it
 * (STAFF_MFA=required). Shared: the security screen manages it, the staff screens say when it is missing.
 */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['auth', 'mfa', 'status'],
  queryFn: () => api.get<MfaStatusResponse>('/api/auth/mfa'),
});

export function useTwoFactorStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...twoFactorStatusQuery, enabled: options.enabled ?? true });
}
