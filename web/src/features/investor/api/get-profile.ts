import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser, UserResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';
import { currentUserQuery } from '../../../lib/session';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

/**
 * The profile screen reads the session user (banking details, available balance). Unlike the header's
 * current-user query, a 401 here is an error, so the screen can send the user to /auth.
 */
export function getProfile(): Promise<PublicUser> {
  return api.get<UserResponse>('/api/auth/me').then((response) => response.user);
}

export const profileQuery = queryOptions({
  queryKey: ['user', 'profile'],
  queryFn: getProfile,
  ...investorQueryOptions,
});

export function useProfile() {
  return useSlicedQuery(useQuery(profileQuery));
}

/** Keys to refresh after anything that changes the session user. */
export const profileKeys = [profileQuery.queryKey, currentUserQuery.queryKey] as const;
