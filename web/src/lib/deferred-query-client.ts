import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient, created once the query machinery (~12 KB gzipped) has loaded. The landing
 * page renders without it; the header shows the session once it is there, and every screen that
 * fetches data loads it together with its own code (app/router.tsx).
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** Loads the query machinery and creates the client, once; later calls get the same client. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    ({ createQueryClient }) => {
      client = createQueryClient();
      // before the promise resolves: components holding the client have it before any screen needing it
      listeners.forEach((notify) => notify());
      return client;
    },
    (error: unknown) => {
      loading = undefined; // a later screen tries again
      throw error;
    },
  );
  return loading;
}

const currentClient = () => client;

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/**
 * The client once loaded, undefined before; the component re-renders when it arrives. Hydration reads
 * it too (the server snapshot): main.tsx hydrates a prerendered page once the client is in, and the
 * page's HTML does not depend on it (the header renders the same either way).
 */
export function useDeferredQueryClient(): QueryClient | undefined {
  return useSyncExternalStore(subscribe, currentClient, currentClient);
}
