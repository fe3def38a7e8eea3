import type { Request } from 'express';
import { canonicalJson } from '@savings/ledger';
import { requestHash } from './command-context';

const fakeRequest = (body: unknown, url = '/api/user/withdrawal', method = 'POST') =>
  ({ body, originalUrl: url, method }) as unknown as Request;

describe('canonicalJson and requestHash', () => {
  it('sorts keys at every level, so key order never changes the hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":2,"f":1}]},"b":1}',
    );
    expect(requestHash(fakeRequest({ amount: 1000, note: 'x' }))).toBe(
      requestHash(fakeRequest({ note: 'x', amount: 1000 })),
    );
  });

  it('tells apart another body, another route and another method', () => {
    const base = requestHash(fakeRequest({ amount: 1000 }));
    expect(requestHash(fakeRequest({ amount: 1001 }))).not.toBe(base);
    expect(requestHash(fakeRequest({ amount: '1000' }))).not.toBe(base);
    expect(requestHash(fakeRequest({ amount: 1000 }, '/api/user/deposit-request'))).not.toBe(base);
    expect(requestHash(fakeRequest({ amount: 1000 }, '/api/user/withdrawal', 'PUT'))).not.toBe(base);
    // the query string is not part of the request's identity
    expect(requestHash(fakeRequest({ amount: 1000 }, '/api/user/withdrawal?x=1'))).toBe(base);
  });
});
