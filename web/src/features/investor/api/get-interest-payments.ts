import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterestPaymentsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';

export function getInterestPayments(): Promise<InterestPaymentsResponse> {
  return api.get<InterestPaymentsResponse>('/api/user/interest-payments');
}

export const interestPaymentsQuery = queryOptions({
  queryKey: ['user', 'interest-payments'],
  queryFn: getInterestPayments,
  ...investorQueryOptions,
});

export function useInterestPayments() {
  return useQuery(interestPaymentsQuery);
}
