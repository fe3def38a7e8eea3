import { loadConfig } from '@savings/config';
import { secureCookie } from './session-store';

const secret = 'x'.repeat(40);

describe('secureCookie', () => {
  it('follows the request scheme in development and on plain-http production origins', () => {
    expect(secureCookie(loadConfig({ NODE_ENV: 'development' }))).toBe('auto');
    expect(
      secureCookie(
        loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, PUBLIC_ORIGIN: 'http://localhost:8080' }),
      ),
    ).toBe('auto');
  });

  it('is always Secure in production on https origins', () => {
    expect(
      secureCookie(
        loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, PUBLIC_ORIGIN: 'https://savings.example' }),
      ),
    ).toBe(true);
  });
});
