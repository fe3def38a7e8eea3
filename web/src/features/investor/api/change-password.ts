import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@savings/contracts';
import { api } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordRequest): Promise<unknown> {
  return api.put<unknown>('/api/user/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
