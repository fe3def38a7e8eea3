import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterestPaymentsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

export function getInterestPayments(): Promise<InterestPaymentsResponse> {
  return api.get<InterestPaymentsResponse>('/api/user/interest-payments');
}

export const interestPaymentsQuery = queryOptions({
  queryKey: ['user', 'interest-payments'],
  queryFn: getInterestPayments,
  ...investorQueryOptions,
});

export function useInterestPayments() {
  return useSlicedQuery(useQuery(interestPaymentsQuery));
}
