import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterestPaymentsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { retryUnlessUnauthenticated } from '../../../lib/query-retry';

export function getInterestPayments(): Promise<InterestPaymentsResponse> {
  return api.get<InterestPaymentsResponse>('/api/user/interest-payments');
}

export const interestPaymentsQuery = queryOptions({
  queryKey: ['user', 'interest-payments'],
  queryFn: getInterestPayments,
  retry: retryUnlessUnauthenticated,
});

export function useInterestPayments() {
  return useQuery(interestPaymentsQuery);
}
