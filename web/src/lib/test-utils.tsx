import './test-polyfills';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { toaster } from '../components/toaster';
import { createQueryClient } from './query-client';

// whole screens render slowly on a busy shared machine: give them room
jest.setTimeout(30000);
configure({ asyncUtilTimeout: 4000 });

// the toaster is a module singleton showing one toast at a time: clear it between tests
afterEach(() => {
  toaster.remove();
});

/** Test-only helpers: the app's real providers around one screen, and fetch mocked at the network edge. */

export interface MockResponse {
  status?: number;
  body?: unknown;
}
export type MockHandler = (request: {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}) => MockResponse;

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces global fetch. Handlers are keyed "METHOD /path" (query string ignored); an unknown call
 * answers 404 so a test notices it. Returns the list of calls made.
 */
export function mockApi(handlers: Record<string, MockHandler | MockResponse>): FetchCall[] {
  const calls: FetchCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, method, body, headers });
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const handler = handlers[`${method} ${path}`];
    const result: MockResponse = handler
      ? typeof handler === 'function'
        ? handler({ url, method, body, headers })
        : handler
      : { status: 404, body: { message: 'Not found' } };
    const status = result.status ?? 200;
    const text = result.body === undefined ? '' : JSON.stringify(result.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      text: () => Promise.resolve(text),
    } as Response;
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return calls;
}

/** Renders one screen at `path` inside the app providers, with a stub /auth page to observe redirects. */
export function renderRoute(element: ReactElement, path = '/'): RenderResult {
  // declarative mode: the data router needs the Fetch API's Request, which jsdom lacks
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="/auth" element={<p>Auth page</p>} />
          <Route path="*" element={<p>Other page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
