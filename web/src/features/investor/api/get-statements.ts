import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementMonthsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { investorQueryOptions } from './investor-query';

export function getStatementMonths(): Promise<StatementMonthsResponse> {
  return api.get<StatementMonthsResponse>('/api/user/statements');
}

export const statementMonthsQuery = queryOptions({
  queryKey: ['user', 'statements'],
  queryFn: getStatementMonths,
  ...investorQueryOptions,
});

export function useStatementMonths() {
  return useQuery(statementMonthsQuery);
}

/** Where a month's statement or a year's certificate downloads from (own account). */
export const statementFileUrl = (month: string, format: 'csv' | 'pdf') => `/api/user/statements/${month}.${format}`;
export const interestCertificateUrl = (year: string) => `/api/user/statements/${year}/interest.pdf`;
