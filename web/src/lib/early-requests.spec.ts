import { api } from './api-client';
import { requestEarly } from './early-requests';

function mockFetch(...bodies: string[]) {
  const fetchMock = jest.fn();
  for (const body of bodies) {
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, statusText: 'OK', text: () => Promise.resolve(body) });
  }
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return fetchMock;
}

describe('early requests', () => {
  afterEach(() => jest.useRealTimers());

  it('are sent at once as the API client sends them, and the client takes their answer once', async () => {
    const fetchMock = mockFetch('{"early":true}', '{"early":false}');
    requestEarly(['/api/user/dashboard']);
    expect(fetchMock).toHaveBeenCalledWith('/api/user/dashboard', {
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
    await expect(api.get('/api/user/dashboard')).resolves.toEqual({ early: true });
    // the next call is a request of its own
    await expect(api.get('/api/user/dashboard')).resolves.toEqual({ early: false });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are dropped when not taken within ten seconds, so a later visit gets fresh data', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T08:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] });
    const fetchMock = mockFetch('{"old":true}', '{"old":false}');
    requestEarly(['/api/user/withdrawals']);
    jest.setSystemTime(new Date('2026-11-24T08:00:10Z'));
    await expect(api.get('/api/user/withdrawals')).resolves.toEqual({ old: false });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('serve no other path, and no request with a signal', async () => {
    const fetchMock = mockFetch('{"early":true}', '{"other":true}', '{"signalled":true}');
    requestEarly(['/api/admin/users?limit=50&offset=0&sort=id&order=asc']);
    await expect(api.get('/api/admin/users?limit=50&offset=50&sort=id&order=asc')).resolves.toEqual({ other: true });
    const signal = new AbortController().signal;
    await expect(api.get('/api/admin/users?limit=50&offset=0&sort=id&order=asc', { signal })).resolves.toEqual({
      signalled: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
