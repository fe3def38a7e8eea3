import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser, UserResponse } from '@savings/contracts';
import { api, ApiError } from './api-client';

/** The signed-in user, or null when signed out (401). Never retried. */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: async (): Promise<PublicUser | null> => {
    try {
      const response = await api.get<UserResponse>('/api/auth/me');
      return response.user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
