import { retryUnlessUnauthenticated } from '../../../lib/query-retry';

/**
 * Options of every investor screen's query: authentication failures are not retried, others up to 3
 * times; and a screen reloads its data whenever it opens, because an admin may have moved money
 * (confirmed a deposit, approved a withdrawal) since the cached answer.
 */
export const investorQueryOptions = {
  retry: retryUnlessUnauthenticated,
  refetchOnMount: 'always',
} as const;
