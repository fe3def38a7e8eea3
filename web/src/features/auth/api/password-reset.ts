import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirmRequest, PasswordResetRequest } from '@savings/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/auth/password-reset: always 202 (whether or not the e-mail has an account). */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/password-reset', body);
}

/** POST /api/auth/password-reset/confirm: sets the new password; every session of the account ends. */
export async function confirmPasswordReset(body: PasswordResetConfirmRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/password-reset/confirm', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationKey: ['auth', 'password-reset'], mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationKey: ['auth', 'password-reset', 'confirm'], mutationFn: confirmPasswordReset });
}
