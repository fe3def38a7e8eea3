import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTransactionsResponse,
  AuditBalanceResponse,
  AuditLogResponse,
  StatementMonthsResponse,
  VerifyRunResponse,
  VerifyRunsResponse,
} from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { retryUnlessUnauthenticated } from '../../../lib/query-retry';

/** Every call of the auditor console (api-contract.md sections 6 and 12; the audit routes). */
const auditOptions = { retry: retryUnlessUnauthenticated } as const;

export const auditKeys = {
  verifyRuns: ['audit', 'verify-runs'] as const,
  verifyRun: (id: string) => ['audit', 'verify-runs', id] as const,
  log: (after: number, userId: number | null) => ['audit', 'log', after, userId] as const,
  balance: (userId: number, asOf: string | null) => ['audit', 'balance', userId, asOf] as const,
  adminActions: (offset: number) => ['audit', 'admin-actions', offset] as const,
  statements: (userId: number) => ['audit', 'statements', userId] as const,
};

export function useVerifyRuns() {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.verifyRuns,
      queryFn: () => api.get<VerifyRunsResponse>('/api/audit/verify-runs'),
      ...auditOptions,
    }),
  );
}

/** One run, polled every second until it has finished. */
export function useVerifyRun(id: string | null) {
  return useQuery({
    queryKey: auditKeys.verifyRun(id ?? ''),
    queryFn: () => api.get<VerifyRunResponse>(`/api/audit/verify-runs/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.run.status;
      return status === 'completed' || status === 'failed' ? false : 1000;
    },
    ...auditOptions,
  });
}

export function useStartVerifyRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<VerifyRunResponse>('/api/audit/verify-runs'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.verifyRuns }),
  });
}

export const LOG_PAGE = 25;

export function useAuditLog(after: number, userId: number | null) {
  const filter = userId === null ? '' : `&userId=${userId}`;
  return useQuery({
    queryKey: auditKeys.log(after, userId),
    queryFn: () => api.get<AuditLogResponse>(`/api/audit/log?after=${after}&limit=${LOG_PAGE}${filter}`),
    ...auditOptions,
  });
}

export function useBalanceAt(request: { userId: number; asOf: string | null } | null) {
  return useQuery({
    queryKey: auditKeys.balance(request?.userId ?? 0, request?.asOf ?? null),
    queryFn: () => {
      const asOf = request?.asOf ? `&asOf=${encodeURIComponent(request.asOf)}` : '';
      return api.get<AuditBalanceResponse>(`/api/audit/balance?userId=${request?.userId}${asOf}`);
    },
    enabled: request !== null,
    retry: false,
  });
}

export const ACTIONS_PAGE = 20;

export function useAdminActions(offset: number) {
  return useQuery({
    queryKey: auditKeys.adminActions(offset),
    queryFn: () => api.get<AdminTransactionsResponse>(`/api/admin/transactions?limit=${ACTIONS_PAGE}&offset=${offset}`),
    ...auditOptions,
  });
}

export function useCustomerStatements(userId: number | null) {
  return useQuery({
    queryKey: auditKeys.statements(userId ?? 0),
    queryFn: () => api.get<StatementMonthsResponse>(`/api/admin/users/${userId}/statements`),
    enabled: userId !== null,
    retry: false,
  });
}

export const LOG_EXPORT_URL = '/api/audit/log.jsonl';
export const customerStatementUrl = (userId: number, month: string, format: 'csv' | 'pdf') =>
  `/api/admin/users/${userId}/statements/${month}.${format}`;
export const customerCertificateUrl = (userId: number, year: string) =>
  `/api/admin/users/${userId}/statements/${year}/interest.pdf`;
