import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { Messages } from '@savings/contracts';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * The client address every per-address limit counts (contract section 8): the socket's unless
 * TRUST_PROXY names the proxies in front, then the nearest untrusted X-Forwarded-For entry. Supertest
 * connects over loopback, so with TRUST_PROXY=loopback (or 1 hop) it stands for a proxy on this host.
 */
const spoofed = () => `${randomBytes(1)[0] + 1}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0] || 1}`;
const unknownEmail = () => `nobody.${randomBytes(4).toString('hex')}@example.test`;

async function failedLogins(app: TestApp, count: number, forwardedFor: () => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    // a new unknown account each time: only the per-address count can ever stop these
    const response = await request(app.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', forwardedFor())
      .send({ email: unknownEmail(), password: 'wrong password' });
    statuses.push(response.status);
  }
  return statuses;
}

describe('client address with the default TRUST_PROXY (none)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '3' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('ignores X-Forwarded-Proto from an untrusted peer: no Secure cookie over plain HTTP', async () => {
    const response = await request(app.server)
      .post('/api/auth/register')
      .set('X-Forwarded-Proto', 'https')
      .send({ name: 'Plain Http', email: unknownEmail(), password: 'secret-1' })
      .expect(201);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.find((cookie) => cookie.startsWith('sid='))).not.toMatch(/; Secure/i);
  });

  it('counts failed sign-ins per socket address: a new X-Forwarded-For each time does not escape the limit', async () => {
    expect(app.config.trustProxy).toBe(false);
    expect(await failedLogins(app, 10, spoofed)).toEqual(Array(10).fill(401));
    const [blocked] = await failedLogins(app, 1, spoofed);
    expect(blocked).toBe(429);
  });

  it('counts account openings per socket address the same way (3 an hour here, one spent above)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await request(app.server)
        .post('/api/auth/register')
        .set('X-Forwarded-For', spoofed())
        .send({ name: `Opener ${i}`, email: unknownEmail(), password: 'secret-1' });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe.each([
  ['loopback', 'a list naming the proxy'],
  ['1', 'a hop count'],
])('client address with TRUST_PROXY=%s (%s)', (trustProxy) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: trustProxy });
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes the nearest untrusted hop: rotating the leftmost entry does not escape the limit', async () => {
    const client = '203.0.113.7';
    const statuses = await failedLogins(app, 11, () => `${spoofed()}, ${client}`);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // another client behind the same proxy is not held back by the first one's failures
    const [other] = await failedLogins(app, 1, () => `${spoofed()}, 203.0.113.8`);
    expect(other).toBe(401);
    const refused = await request(app.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', client)
      .send({ email: unknownEmail(), password: 'wrong password' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: Messages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
