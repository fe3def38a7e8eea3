import type { ErrorBody } from '@savings/contracts';
import { takeEarly } from './early-requests';

/**
 * The one API client. Every call is JSON with the session cookie; a body is sent only when there is a
 * payload. A non-OK answer becomes an ApiError whose `message` is the server's sentence, and whose
 * `detail` is "<status>: <body text or status text>" (product.md section 8).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail: string,
    readonly fieldErrors?: Record<string, string>,
    /** whether `message` is the server's own sentence ({"message": ...}) rather than a status text */
    readonly serverMessage = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || /Authentication required/.test(error.message));
}

/**
 * The server's own one-sentence reason for refusing a request (a 4xx answer with a JSON message), or
 * null: a 5xx, a network failure or a non-JSON answer has nothing a person can act on.
 */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.serverMessage) return null;
  return error.message;
}

/** The description of a failure toast: the server's reason, else "Please try again later". */
export function failureText(error: unknown): string {
  return serverReason(error) ?? 'Please try again later';
}

export interface RequestOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  // a plain GET may already be under way since the app started (lib/early-requests.ts)
  const sentEarly = method === 'GET' && !options.signal && !options.idempotencyKey ? takeEarly(path) : undefined;
  const response = await (sentEarly ??
    fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    }));
  const text = await response.text();
  if (!response.ok) {
    let parsed: ErrorBody | null = null;
    try {
      parsed = JSON.parse(text) as ErrorBody;
    } catch {
      parsed = null;
    }
    const ownMessage = typeof parsed?.message === 'string' && parsed.message.trim() !== '';
    const message = ownMessage ? (parsed as ErrorBody).message : text || response.statusText;
    throw new ApiError(
      response.status,
      message,
      `${response.status}: ${text || response.statusText}`,
      parsed?.errors,
      ownMessage,
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};

/** A fresh key per user action, so a retried request never moves money twice. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
