import { isAllowedOrigin } from './origin-check';
import { hasPrototypeKey } from './prototype-keys';
import { containsNul } from './nul-characters';

describe('isAllowedOrigin', () => {
  const allowed = new Set(['https://savings.example']);

  it('accepts the request host and listed origins', () => {
    expect(isAllowedOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', allowed)).toBe(true);
    expect(isAllowedOrigin('http://localhost:3000', 'localhost:3000', allowed)).toBe(true);
    expect(isAllowedOrigin('https://savings.example', 'internal:8080', allowed)).toBe(true);
  });

  it('refuses foreign, opaque and malformed origins', () => {
    expect(isAllowedOrigin('https://evil.example', 'localhost:3000', allowed)).toBe(false);
    expect(isAllowedOrigin('http://localhost:3001', 'localhost:3000', allowed)).toBe(false);
    expect(isAllowedOrigin('null', 'localhost:3000', allowed)).toBe(false);
    expect(isAllowedOrigin('file://x', 'localhost:3000', allowed)).toBe(false);
    expect(isAllowedOrigin('not a url', 'localhost:3000', allowed)).toBe(false);
  });
});

describe('hasPrototypeKey', () => {
  it('finds __proto__, constructor and prototype at any depth', () => {
    expect(hasPrototypeKey(JSON.parse('{"a":1,"__proto__":{"isAdmin":true}}'))).toBe(true);
    expect(hasPrototypeKey(JSON.parse('{"a":[{"b":{"constructor":{"prototype":1}}}]}'))).toBe(true);
    expect(hasPrototypeKey({ amount: 1000, note: '__proto__' })).toBe(false);
    expect(hasPrototypeKey(null)).toBe(false);
  });
});

describe('containsNul', () => {
  it('finds U+0000 in strings and keys at any depth', () => {
    expect(containsNul({ name: 'a\u0000b' })).toBe(true);
    expect(containsNul({ list: [{ deep: ['x', 'y\u0000'] }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ name: 'plain', amount: 1000, flag: null })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});
