import request from 'supertest';
import { MailDelivery, MailRelay, totpCodeAt } from '@savings/application';
import { SmtpReceiver } from '@savings/testing';
import { startTestApp, type TestApp } from '../../test/test-app';

let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const codeNow = (secret: string, steps = 0) => totpCodeAt(secret, new Date(Date.now() + steps * 30_000));

/**
 * Every change of a sign-in factor is mailed to the account holder (api-contract.md section 15):
 * a stolen session that turns two-factor sign-in off, or a thief who signs in with a recovery code,
 * is heard of at once. Through the real API, with the mail read from a real SMTP server.
 */
describe('mails of sign-in factor changes', () => {
  let t: TestApp;
  let receiver: SmtpReceiver;
  let n = 0;

  beforeAll(async () => {
    receiver = await SmtpReceiver.start();
    t = await startTestApp({ SMTP_URL: receiver.url });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** Sends what the outbox holds, as the worker's jobs would. */
  async function sendOutbox(): Promise<void> {
    const relay = t.app.get(MailRelay, { strict: false });
    const delivery = t.app.get(MailDelivery, { strict: false });
    for (const { outboxId } of await relay.due()) await delivery.deliver(outboxId, { lastAttempt: true });
  }

  async function mailsTo(email: string, count: number): Promise<{ subject: string; text: string }[]> {
    await sendOutbox();
    await receiver.until(() => receiver.to(email).length >= count, `${count} mails to ${email}`);
    return receiver.to(email);
  }

  it('mails turning it on, each recovery code used, and turning it off', async () => {
    n += 1;
    const email = `factor-${process.pid}-${n}@example.com`;
    const password = 'secret-123';
    const ip = nextIp();
    const agent = request.agent(t.server);
    await agent
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({ name: `Factor ${n}`, email, password });
    const setup = await agent.post('/api/auth/mfa/setup').expect(200);
    const enabled = await agent
      .post('/api/auth/mfa/enable')
      .set('X-Forwarded-For', ip)
      .send({ code: codeNow(setup.body.secret) })
      .expect(200);
    const recoveryCodes: string[] = enabled.body.recoveryCodes;

    const on = await mailsTo(email, 1);
    expect(on.map((mail) => mail.subject)).toEqual(['Two-factor sign-in turned on']);
    expect(on[0].text).toContain('Two-factor sign-in was turned on for your Savings account.');
    expect(on[0].text).toContain('If this was not you, reset your password at once and contact us.');

    // someone with the password and a recovery code signs in: the holder is told, with the codes left
    const thief = request.agent(t.server);
    expect((await thief.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password })).body).toEqual({
      mfaRequired: true,
    });
    await thief.post('/api/auth/mfa/verify').set('X-Forwarded-For', ip).send({ code: recoveryCodes[0] }).expect(200);
    const afterRecovery = await mailsTo(email, 2);
    expect(afterRecovery[1].subject).toBe('A recovery code was used to sign in');
    expect(afterRecovery[1].text).toContain('Recovery codes left: 9.');

    // a TOTP code at sign-in changes no factor: no mail
    const owner = request.agent(t.server);
    await owner.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password }).expect(200);
    await owner
      .post('/api/auth/mfa/verify')
      .set('X-Forwarded-For', ip)
      .send({ code: codeNow(setup.body.secret, 1) })
      .expect(200);

    // the stolen session turns it off with a second recovery code: one mail says it is off
    await thief
      .post('/api/auth/mfa/disable')
      .set('X-Forwarded-For', ip)
      .send({ password, code: recoveryCodes[1] })
      .expect(200);
    const all = await mailsTo(email, 3);
    expect(all.map((mail) => mail.subject)).toEqual([
      'Two-factor sign-in turned on',
      'A recovery code was used to sign in',
      'Two-factor sign-in turned off',
    ]);
    expect(all[2].text).toContain('Two-factor sign-in was turned off for your Savings account.');
    expect(all.every((mail) => mail.text.startsWith(`Hello Factor ${n},`))).toBe(true);
  });

  it('mails nothing for a refused code or a setup never confirmed', async () => {
    n += 1;
    const email = `factor-${process.pid}-${n}@example.com`;
    const ip = nextIp();
    const agent = request.agent(t.server);
    await agent
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({ name: `Factor ${n}`, email, password: 'secret-123' });
    await agent.post('/api/auth/mfa/setup').expect(200);
    await agent.post('/api/auth/mfa/enable').set('X-Forwarded-For', ip).send({ code: '000000' }).expect(400);
    await sendOutbox();
    expect(receiver.to(email)).toHaveLength(0);
  });
});
