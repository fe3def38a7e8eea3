import { api, ApiError, failureText, isUnauthenticated, serverReason } from './api-client';

function mockFetch(status: number, body: string, statusText = '') {
  const fetchMock = jest
    .fn()
    .mockResolvedValue({ ok: status >= 200 && status < 300, status, statusText, text: () => Promise.resolve(body) });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return fetchMock;
}

describe('api client', () => {
  it('sends JSON with credentials, and a body only when there is a payload', async () => {
    const fetchMock = mockFetch(200, '{"ok":true}');
    await expect(api.post('/api/x', { amount: 1000 }, { idempotencyKey: 'k1' })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"amount":1000}' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' });

    await api.post('/api/auth/logout');
    const [, bare] = fetchMock.mock.calls[1];
    expect(bare.body).toBeUndefined();
    expect(bare.headers['Content-Type']).toBeUndefined();
  });

  it('turns an error into the server sentence and "status: body" detail', async () => {
    mockFetch(400, '{"message":"Minimum deposit amount is $1,000"}', 'Bad Request');
    const error = await api.post('/api/user/deposit-request', { amount: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Minimum deposit amount is $1,000');
    expect((error as ApiError).detail).toBe('400: {"message":"Minimum deposit amount is $1,000"}');
  });

  it('falls back to the status text for an empty body and recognises 401', async () => {
    mockFetch(401, '', 'Unauthorized');
    const error = await api.get('/api/auth/me').catch((e: unknown) => e);
    expect((error as ApiError).detail).toBe('401: Unauthorized');
    expect(isUnauthenticated(error)).toBe(true);
  });

  it('gives a failure toast the server reason of a refusal, and "Please try again later" otherwise', async () => {
    mockFetch(400, '{"message":"Amount exceeds the available balance"}', 'Bad Request');
    const refused = await api.patch('/api/admin/users/1/balance', {}).catch((e: unknown) => e);
    expect(serverReason(refused)).toBe('Amount exceeds the available balance');
    expect(failureText(refused)).toBe('Amount exceeds the available balance');

    mockFetch(500, '{"message":"Internal server error"}', 'Internal Server Error');
    expect(failureText(await api.get('/api/x').catch((e: unknown) => e))).toBe('Please try again later');
    mockFetch(502, '<html>Bad gateway</html>', 'Bad Gateway');
    expect(failureText(await api.get('/api/x').catch((e: unknown) => e))).toBe('Please try again later');
    mockFetch(404, 'Not Found', 'Not Found');
    expect(serverReason(await api.get('/api/x').catch((e: unknown) => e))).toBeNull();
    expect(failureText(new TypeError('Failed to fetch'))).toBe('Please try again later');
  });
});
