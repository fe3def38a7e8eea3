import type { ErrorBody } from '@savings/contracts';

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
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || /Authentication required/.test(error.message));
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
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) {
    let parsed: ErrorBody | null = null;
    try {
      parsed = JSON.parse(text) as ErrorBody;
    } catch {
      parsed = null;
    }
    const message = parsed?.message ?? (text || response.statusText);
    throw new ApiError(response.status, message, `${response.status}: ${text || response.statusText}`, parsed?.errors);
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
