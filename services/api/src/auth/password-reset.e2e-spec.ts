import request from 'supertest';
import { createHash } from 'node:crypto';
import {
  CLOCK,
  MailDelivery,
  MailRelay,
  RESET_LINKS_PER_ACCOUNT_PER_HOUR,
  SQL,
  type Clock,
} from '@savings/application';
import { Messages } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { SmtpReceiver } from '@savings/testing';
import { startTestApp, type TestApp } from '../../test/test-app';

let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/**
 * Password reset (api-contract.md section 14) through the real API, with the mail read from a real
 * SMTP server: the outbox's messages are sent by the same MailDelivery the worker's jobs use.
 */
describe('password reset', () => {
  let t: TestApp;
  let sql: Sql;
  let receiver: SmtpReceiver;
  let clock: Clock;
  let userCounter = 0;

  beforeAll(async () => {
    receiver = await SmtpReceiver.start();
    t = await startTestApp({ SMTP_URL: receiver.url });
    sql = t.app.get<Sql>(SQL);
    clock = t.app.get<Clock>(CLOCK);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => jest.restoreAllMocks());

  /** Sends what the outbox holds, as the worker's jobs would. */
  async function sendOutbox(): Promise<void> {
    const relay = t.app.get(MailRelay, { strict: false });
    const delivery = t.app.get(MailDelivery, { strict: false });
    for (const { outboxId } of await relay.due()) await delivery.deliver(outboxId, { lastAttempt: true });
  }

  async function registered(): Promise<{ email: string; agent: request.Agent }> {
    userCounter += 1;
    const email = `reset-${process.pid}-${userCounter}@example.com`;
    const agent = request.agent(t.server);
    const response = await agent
      .post('/api/auth/register')
      .set('X-Forwarded-For', nextIp())
      .set('Accept-Language', 'de-CH, de;q=0.9, en;q=0.5')
      .send({ name: `Reset User ${process.pid} ${userCounter}`, email, password: 'old-secret' });
    expect(response.status).toBe(201);
    return { email, agent };
  }

  const askReset = (email: string, ip = nextIp()) =>
    request(t.server).post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email });
  const confirm = (token: string, newPassword: string) =>
    request(t.server)
      .post('/api/auth/password-reset/confirm')
      .set('X-Forwarded-For', nextIp())
      .send({ token, newPassword });
  const login = (email: string, password: string) =>
    request(t.server).post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password });

  function tokenOf(text: string): string {
    const match = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text);
    if (!match) throw new Error(`no reset link in: ${text}`);
    return match[1];
  }

  async function mailedToken(email: string): Promise<string> {
    const before = receiver.to(email).length;
    expect((await askReset(email)).status).toBe(202);
    await sendOutbox();
    await receiver.until(() => receiver.to(email).length === before + 1, 'the reset mail');
    return tokenOf(receiver.to(email)[before].text);
  }

  it('answers an unknown e-mail exactly like a known one, and mails only the account', async () => {
    const { email } = await registered();
    const known = await askReset(email);
    const unknown = await askReset(`nobody-${process.pid}@example.com`);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: Messages.passwordResetSent });
    const headerNames = (response: request.Response) =>
      Object.keys(response.headers)
        .filter((name) => !['date', 'etag', 'content-length'].includes(name))
        .sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(known.headers['set-cookie']).toBeUndefined();

    const tokens = await sql.query<{ user_id: string }>('select user_id::text from password_reset_tokens');
    expect(tokens).toHaveLength(1);
    await sendOutbox();
    await receiver.until(() => receiver.to(email).length === 1, 'the reset mail');
    expect(receiver.to(`nobody-${process.pid}@example.com`)).toHaveLength(0);
    // registered with a German browser: the mail is German
    expect(receiver.to(email)[0].subject).toBe('Passwort zurücksetzen');
  });

  it('stores the token hashed, sets the password once, ends every session and mails a notice', async () => {
    const { email, agent } = await registered();
    const second = request.agent(t.server);
    expect(
      (await second.post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password: 'old-secret' }))
        .status,
    ).toBe(200);
    const token = await mailedToken(email);
    const [stored] = await sql.query<{ token_hash: string }>(
      'select token_hash from password_reset_tokens t join users u on u.id = t.user_id where u.email = $1',
      [email],
    );
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.token_hash).not.toContain(token);

    const done = await confirm(token, 'new-secret-1');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: Messages.passwordResetDone });
    expect((await agent.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect((await login(email, 'old-secret')).status).toBe(401);
    expect((await login(email, 'new-secret-1')).status).toBe(200);

    const again = await confirm(token, 'another-secret');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(Messages.resetLinkInvalid);
    expect((await login(email, 'new-secret-1')).status).toBe(200);

    await sendOutbox();
    await receiver.until(() => receiver.to(email).length === 2, 'the notice');
    expect(receiver.to(email)[1].subject).toBe('Ihr Passwort wurde geändert');
  });

  it('lets one of many concurrent uses of a token through', async () => {
    const { email } = await registered();
    const token = await mailedToken(email);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => confirm(token, `parallel-secret-${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('refuses a token after 30 minutes, an unknown token and a short password', async () => {
    const { email } = await registered();
    const start = new Date('2030-03-01T10:00:00Z');
    const now = jest.spyOn(clock, 'now').mockReturnValue(start);
    const token = await mailedToken(email);
    now.mockReturnValue(new Date(start.getTime() + 30 * 60_000 + 1000));
    const late = await confirm(token, 'new-secret-2');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(Messages.resetLinkInvalid);

    const fresh = await mailedToken(email);
    now.mockReturnValue(new Date(start.getTime() + 59 * 60_000));
    expect((await confirm('not-a-token', 'new-secret-2')).status).toBe(400);
    const short = await confirm(fresh, 'abc');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(Messages.newPasswordTooShort);
    expect((await confirm(fresh, 'new-secret-2')).status).toBe(200);
  });

  it('mails an account a few links an hour and throttles an address', async () => {
    const { email } = await registered();
    const ip = nextIp();
    for (let i = 0; i < RESET_LINKS_PER_ACCOUNT_PER_HOUR + 2; i += 1)
      expect((await askReset(email, ip)).status).toBe(202);
    const [row] = await sql.query<{ n: number }>(
      'select count(*)::int as n from password_reset_tokens t join users u on u.id = t.user_id where u.email = $1',
      [email],
    );
    expect(row.n).toBe(RESET_LINKS_PER_ACCOUNT_PER_HOUR);
    let last: request.Response | null = null;
    for (let i = 0; i < 20; i += 1) last = await askReset(`x${i}@example.com`, ip);
    expect(last?.status).toBe(429);
    expect(last?.headers['retry-after']).toMatch(/^\d+$/);
  });
});
