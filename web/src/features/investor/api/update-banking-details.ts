import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankingDetailsRequest, UserResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { profileKeys } from './get-profile';

export function updateBankingDetails(body: BankingDetailsRequest): Promise<UserResponse> {
  return api.put<UserResponse>('/api/user/banking-details', body);
}

export function useUpdateBankingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBankingDetails,
    onSuccess: () => Promise.all(profileKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
