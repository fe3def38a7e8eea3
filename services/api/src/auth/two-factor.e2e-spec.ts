import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { CreateOrPromoteUserCommand, totpCodeAt } from '@savings/application';
import { Messages } from '@savings/contracts';
import type { Role } from '@savings/contracts';
import { startTestApp, type TestApp } from '../../test/test-app';

let ipCounter = 0;
/** Each sign-in comes from its own address (trusted from the loopback proxy), so throttling stays per test. */
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The code an app shows now, or `steps` time steps later (inside the one-step drift window). */
const codeNow = (secret: string, steps = 0) => totpCodeAt(secret, new Date(Date.now() + steps * 30_000));

interface Account {
  email: string;
  password: string;
  agent: request.Agent;
  ip: string;
}

/**
 * Two-factor sign-in over HTTP (contract section 9). The server's clock is real here, so each account
 * spends at most two TOTP codes (this step's and the next's); the fixed-clock cases are in
 * two-factor.int-spec.ts.
 */
describe('two-factor sign-in (STAFF_MFA=optional)', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function customer(): Promise<Account> {
    const email = `mfa${++n}@example.com`;
    const password = 'secret-123';
    const agent = request.agent(t.server);
    const ip = nextIp();
    await agent
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({ name: `Mfa ${n}`, email, password })
      .expect(201);
    return { email, password, agent, ip };
  }

  async function enroll(account: Account): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await account.agent.post('/api/auth/mfa/setup').expect(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    const enabled = await account.agent
      .post('/api/auth/mfa/enable')
      .set('X-Forwarded-For', account.ip)
      .send({ code: codeNow(setup.body.secret) })
      .expect(200);
    return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
  }

  const login = (agent: request.Agent, account: Account, ip = account.ip) =>
    agent.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: account.email, password: account.password });
  const verify = (agent: request.Agent, code: string, ip: string) =>
    agent.post('/api/auth/mfa/verify').set('X-Forwarded-For', ip).send({ code });

  it('sign-in of an enrolled account: password, then a code; until then the session reads nothing', async () => {
    const account = await customer();
    const { secret, recoveryCodes } = await enroll(account);
    expect(recoveryCodes).toHaveLength(10);
    expect((await account.agent.get('/api/auth/mfa').expect(200)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      requiredForRole: false,
    });

    const agent = request.agent(t.server);
    const first = await login(agent, account).expect(200);
    expect(first.body).toEqual({ mfaRequired: true });
    expect(([] as string[]).concat(first.headers['set-cookie'] ?? []).join()).toMatch(/sid=/);
    expect((await agent.get('/api/auth/me').expect(401)).body).toEqual({ message: Messages.authenticationRequired });
    expect((await agent.get('/api/auth/session').expect(200)).body).toEqual({ user: null });
    await agent.get('/api/user/dashboard').expect(401);

    const wrong = await verify(agent, '000000', account.ip).expect(401);
    expect(wrong.body).toEqual({ message: Messages.invalidCode });
    const code = codeNow(secret, 1);
    const signedIn = await verify(agent, code, account.ip).expect(200);
    expect(signedIn.body.user.email).toBe(account.email);
    await agent.get('/api/auth/me').expect(200);

    // the same code again, on a new sign-in: refused
    const again = request.agent(t.server);
    expect((await login(again, account).expect(200)).body).toEqual({ mfaRequired: true });
    expect((await verify(again, code, account.ip).expect(401)).body).toEqual({ message: Messages.invalidCode });
    // a recovery code signs in once
    await verify(again, recoveryCodes[0], account.ip).expect(200);
    const third = request.agent(t.server);
    await login(third, account).expect(200);
    await verify(third, recoveryCodes[0], account.ip).expect(401);
    expect((await third.get('/api/auth/session').expect(200)).body).toEqual({ user: null });
  });

  it('documents the two-factor calls and both answers of login in OpenAPI', async () => {
    const { body } = await request(t.server).get('/api/docs-json').expect(200);
    for (const path of ['/api/auth/mfa', '/api/auth/mfa/setup', '/api/auth/mfa/enable', '/api/auth/mfa/disable']) {
      expect(Object.keys(body.paths)).toContain(path);
    }
    expect(body.paths['/api/auth/mfa/verify'].post.responses).toHaveProperty('401');
    expect(JSON.stringify(body.paths['/api/auth/login'].post.responses['200'])).toContain('MfaRequiredResponseDto');
  });

  it('verify without a sign-in awaiting a code is 401', async () => {
    const response = await request(t.server).post('/api/auth/mfa/verify').send({ code: '123456' }).expect(401);
    expect(response.body).toEqual({ message: Messages.twoFactorSignInExpired });
  });

  it('turning it on ends the account’s other sessions; setup again while on is 409', async () => {
    const account = await customer();
    const other = request.agent(t.server);
    await login(other, account).expect(200);
    await other.get('/api/auth/me').expect(200);
    await enroll(account);
    await other.get('/api/auth/me').expect(401);
    await account.agent.get('/api/auth/me').expect(200);
    const conflict = await account.agent.post('/api/auth/mfa/setup').expect(409);
    expect(conflict.body).toEqual({ message: Messages.twoFactorAlreadyOn });
  });

  it('refuses unknown fields and codes that are not strings', async () => {
    const account = await customer();
    await account.agent.post('/api/auth/mfa/setup').expect(200);
    await account.agent.post('/api/auth/mfa/enable').send({ code: '123456', secret: 'X' }).expect(400);
    const notString = await account.agent.post('/api/auth/mfa/enable').send({ code: 123456 }).expect(400);
    expect(notString.body.message).toBe(Messages.codeRequired);
    await account.agent.post('/api/auth/mfa/setup').send({ secret: 'mine' }).expect(400);
    await request(t.server).post('/api/auth/mfa/setup').expect(401);
  });

  it('wrong codes count as failed sign-ins: the code step answers 429, and signing in again does not reset it', async () => {
    const account = await customer();
    const { recoveryCodes } = await enroll(account);
    const agent = request.agent(t.server);
    await login(agent, account).expect(200); // attempt 1: the password, counted until the code is right
    for (let attempt = 2; attempt <= 10; attempt += 1) {
      await verify(agent, '000000', account.ip).expect(401);
    }
    const limited = await verify(agent, recoveryCodes[0], account.ip).expect(429);
    expect(limited.body).toEqual({ message: Messages.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // a right password from another address cannot buy fresh guesses: the account is limited
    await login(request.agent(t.server), account, nextIp()).expect(429);
  });

  it('turning it off takes the password and a code; sign-in then needs the password only', async () => {
    const account = await customer();
    const { recoveryCodes } = await enroll(account);
    const disable = (body: object) =>
      account.agent.post('/api/auth/mfa/disable').set('X-Forwarded-For', account.ip).send(body);
    expect((await disable({ password: 'wrong-pass', code: recoveryCodes[0] }).expect(400)).body.message).toBe(
      Messages.currentPasswordWrong,
    );
    expect((await disable({ password: account.password, code: '000000' }).expect(400)).body.message).toBe(
      Messages.invalidCode,
    );
    await disable({ code: recoveryCodes[0] }).expect(400);
    await disable({ password: account.password, code: recoveryCodes[0] }).expect(200);
    await account.agent.get('/api/auth/me').expect(200);
    const fresh = request.agent(t.server);
    const signedIn = await login(fresh, account).expect(200);
    expect(signedIn.body.user.email).toBe(account.email);
  });
});

describe('STAFF_MFA=required', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ STAFF_MFA: 'required' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function staff(email: string, role: Role) {
    await t.app
      .get(CommandBus)
      .execute(new CreateOrPromoteUserCommand(email, 'staff-pass-1', email.split('@')[0], role));
    const agent = request.agent(t.server);
    const ip = nextIp();
    await agent
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email, password: 'staff-pass-1' })
      .expect(200);
    return { agent, ip };
  }

  it('refuses admin and audit routes to staff without two-factor sign-in, until they enroll', async () => {
    const admin = await staff('boss@example.com', 'admin');
    const auditor = await staff('audit@example.com', 'auditor');
    for (const [agent, path] of [
      [admin.agent, '/api/admin/users'],
      [admin.agent, '/api/audit/verify'],
      [auditor.agent, '/api/audit/events'],
    ] as const) {
      const refused = await agent.get(path).expect(403);
      expect(refused.body).toEqual({ message: Messages.twoFactorRequired });
    }
    // the queue board (plain Express, outside Nest's guards) too
    expect((await admin.agent.get('/api/admin/queues').expect(403)).body).toEqual({
      message: Messages.twoFactorRequired,
    });
    // a money move is refused before it is considered
    await admin.agent.patch('/api/admin/users/1/balance').send({ amount: 1000, operation: 'add' }).expect(403);
    // they can still see who they are and enroll
    expect((await admin.agent.get('/api/auth/session').expect(200)).body.user.role).toBe('admin');
    expect((await admin.agent.get('/api/auth/mfa').expect(200)).body).toMatchObject({ requiredForRole: true });
    const { body: setup } = await admin.agent.post('/api/auth/mfa/setup').expect(200);
    await admin.agent
      .post('/api/auth/mfa/enable')
      .set('X-Forwarded-For', admin.ip)
      .send({ code: codeNow(setup.secret) })
      .expect(200);
    await admin.agent.get('/api/admin/users').expect(200);
    await admin.agent.get('/api/admin/queues').expect(200);
    // the auditor is still refused; a customer gets the usual answer
    await auditor.agent.get('/api/audit/events').expect(403);
    const customer = request.agent(t.server);
    await customer
      .post('/api/auth/register')
      .set('X-Forwarded-For', nextIp())
      .send({ name: 'Plain Customer', email: 'plain@example.com', password: 'secret-123' })
      .expect(201);
    expect((await customer.get('/api/admin/users').expect(403)).body).toEqual({ message: Messages.adminRequired });
    await customer.get('/api/user/dashboard').expect(200);

    // a new sign-in with the code reaches the routes; turning it off closes them again
    const next = request.agent(t.server);
    const ip = nextIp();
    const login = await next
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email: 'boss@example.com', password: 'staff-pass-1' })
      .expect(200);
    expect(login.body).toEqual({ mfaRequired: true });
    const code = codeNow(setup.secret, 1);
    await next.post('/api/auth/mfa/verify').set('X-Forwarded-For', ip).send({ code }).expect(200);
    await next.get('/api/admin/users').expect(200);
    await next.get('/api/audit/verify').expect(200);
    const { body: status } = await next.get('/api/auth/mfa').expect(200);
    expect(status).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredForRole: true });
  });
});
