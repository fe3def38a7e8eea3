import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUsersResponse,
  BankStatementEntry,
  BankStatementEntryStatus,
  BankStatementImportResponse,
  BankStatementResponse,
  BankStatementsResponse,
  CreditStatementEntryRequest,
  CreditSuggestedResponse,
  ErrorBody,
  UnmatchedPayoutsResponse,
} from '@savings/contracts';
import { useSlicedQuery } from '../../../lib/use-sliced-query';
import { api, ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { adminKeys, adminListOptions } from './admin-query';

export const bankStatementKeys = {
  all: ['admin', 'bank-statements'] as const,
  payouts: ['admin', 'bank-statements', 'unmatched-payouts'] as const,
};

export const STATEMENT_ENTRIES_PAGE = 100;

/** camt.053 files go as XML, everything else the server is told is the documented CSV. */
export function statementContentType(file: File): string {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv' ? 'text/csv' : 'application/xml';
}

/**
 * Uploads a statement file as the request body (not JSON) with the upload's progress: fetch reports
 * no upload progress, XMLHttpRequest does. Errors carry the server's sentence like the API client's.
 */
export function uploadStatement(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<BankStatementImportResponse & { created: boolean }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/bank-statements');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', statementContentType(file));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed. Check the connection and try again.', '0: network'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 200 || xhr.status === 201) {
        resolve({ ...(body as BankStatementImportResponse), created: xhr.status === 201 });
        return;
      }
      const message = (body as ErrorBody | null)?.message;
      reject(
        new ApiError(
          xhr.status,
          typeof message === 'string' ? message : xhr.statusText,
          `${xhr.status}: ${xhr.responseText || xhr.statusText}`,
          undefined,
          typeof message === 'string',
        ),
      );
    };
    xhr.send(file);
  });
}

export function useBankStatements() {
  return useSlicedQuery(
    useQuery({
      queryKey: bankStatementKeys.all,
      queryFn: () => api.get<BankStatementsResponse>('/api/admin/bank-statements'),
      ...adminListOptions,
    }),
  );
}

export interface StatementPage {
  statementId: number;
  status: BankStatementEntryStatus | 'all';
  offset: number;
}

export function useBankStatement(page: StatementPage | null) {
  return useQuery({
    queryKey: [...bankStatementKeys.all, page],
    enabled: page !== null,
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(STATEMENT_ENTRIES_PAGE), offset: String(page?.offset ?? 0) });
      if (page?.status && page.status !== 'all') params.set('status', page.status);
      return api.get<BankStatementResponse & { total: number }>(
        `/api/admin/bank-statements/${page?.statementId}?${params}`,
      );
    },
    placeholderData: keepPreviousData,
    ...adminListOptions,
  });
}

export function useUnmatchedPayouts() {
  return useSlicedQuery(
    useQuery({
      queryKey: bankStatementKeys.payouts,
      queryFn: () => api.get<UnmatchedPayoutsResponse>('/api/admin/bank-statements/unmatched-payouts'),
      ...adminListOptions,
    }),
  );
}

/** Customers for a manual assignment: part of a name, e-mail or reference code. */
export function searchCustomers(search: string): Promise<AdminUsersResponse> {
  const params = new URLSearchParams({ limit: '10', offset: '0', sort: 'name', order: 'asc', q: search.trim() });
  return api.get<AdminUsersResponse>(`/api/admin/users?${params}`);
}

export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: [...adminKeys.users, 'search', search.trim()],
    queryFn: () => searchCustomers(search),
    enabled: search.trim().length >= 2,
  });
}

/** After a credit: the statement, balances, deposits and history all moved. */
function useRefreshAfterCredit() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [bankStatementKeys.all, adminKeys.users, adminKeys.transactions, adminKeys.depositRequests, adminKeys.daily].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreditEntry() {
  const refresh = useRefreshAfterCredit();
  return useMutation({
    mutationFn: ({ entry, body }: { entry: BankStatementEntry; body: CreditStatementEntryRequest }) =>
      api.post<{ entry?: BankStatementEntry; approval?: unknown }>(
        `/api/admin/bank-statements/${entry.statementId}/entries/${entry.id}/credit`,
        body,
        { idempotencyKey: newIdempotencyKey() },
      ),
    onSettled: () => refresh(),
  });
}

export function useCreditSuggested() {
  const refresh = useRefreshAfterCredit();
  return useMutation({
    mutationFn: (statementId: number) =>
      api.post<CreditSuggestedResponse>(`/api/admin/bank-statements/${statementId}/credit-suggested`, undefined, {
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: () => refresh(),
  });
}

export function useIgnoreEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, reason }: { entry: BankStatementEntry; reason: string }) =>
      api.post<{ entry: BankStatementEntry }>(
        `/api/admin/bank-statements/${entry.statementId}/entries/${entry.id}/ignore`,
        { reason },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankStatementKeys.all }),
  });
}
