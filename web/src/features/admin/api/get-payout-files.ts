import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutFilesResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { useSlicedQuery } from '../../../lib/use-sliced-query';
import { adminKeys, adminListOptions } from './admin-query';

export function getPayoutFiles(): Promise<PayoutFilesResponse> {
  return api.get<PayoutFilesResponse>('/api/admin/payouts');
}

/** The bank payout files the monthly job issued (GET /api/admin/payouts), newest first. */
export const payoutFilesQuery = queryOptions({
  queryKey: adminKeys.payoutFiles,
  queryFn: getPayoutFiles,
  ...adminListOptions,
});

export function usePayoutFiles() {
  return useSlicedQuery(useQuery(payoutFilesQuery));
}

/** Where a file's bytes are downloaded, exactly as stored (the server sends them as an attachment). */
export function payoutFileUrl(id: number, format: 'csv' | 'xml'): string {
  return `/api/admin/payouts/${id}/${format}`;
}
