import request from 'supertest';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { CommandBus } from '@nestjs/cqrs';
import { CreateOrPromoteUserCommand, REDIS, SQL } from '@savings/application';
import { forbiddenCharactersMessage, Messages } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { isValidReferenceCode } from '@savings/domain';
import { startTestApp, type TestApp } from '../../test/test-app';

const ORIGIN = 'http://localhost:3000';
let ipCounter = 0;
/** Each test signs in from its own address (trusted from the loopback proxy), so throttling stays per test. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function sidOf(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('sid='));
}

describe('auth: register, login, logout, me', () => {
  let t: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    t = await startTestApp();
    redis = t.app.get<Redis>(REDIS);
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (agent: request.Agent | ReturnType<typeof request>, body: object) =>
    ('post' in agent ? agent : request(t.server)).post('/api/auth/register').send(body);

  it('registers, answers {user} with a session cookie, and reads it back at /me', async () => {
    const agent = request.agent(t.server);
    const response = await register(agent, { name: 'Ada Lovelace', email: 'Ada@Example.COM', password: 'secret-1' });
    expect(response.status).toBe(201);
    expect(response.body.user).toEqual({
      id: expect.any(Number),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      balance: 0,
      availableBalance: 0,
      referenceCode: expect.any(String),
      beneficiaryName: null,
      iban: null,
      swift: null,
      isAdmin: false,
      role: 'customer',
      holderType: 'individual',
      legalName: null,
      registrationNumber: null,
      country: null,
      createdAt: expect.any(String),
    });
    expect(isValidReferenceCode(response.body.user.referenceCode)).toBe(true);
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon/i);
    const cookie = sidOf(response);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Expires=/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body.user.email).toBe('ada@example.com');
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const response = await request(t.server)
      .post('/api/auth/register')
      .set('X-Forwarded-Proto', 'https')
      .send({ name: 'Secure Sam', email: 'sam@example.com', password: 'secret-1' })
      .expect(201);
    expect(sidOf(response)).toMatch(/; Secure/i);
  });

  it('answers 401 at /me without a session', async () => {
    const response = await request(t.server).get('/api/auth/me').expect(401);
    expect(response.body).toEqual({ message: Messages.authenticationRequired });
  });

  it('refuses a duplicate e-mail after NFKC and lower-casing', async () => {
    await register(request(t.server), { name: 'Dup One', email: 'dup@example.com', password: 'secret-1' }).expect(201);
    // fullwidth letters normalize to ASCII under NFKC
    const response = await register(request(t.server), {
      name: 'Dup Two',
      email: 'ＤＵＰ@example.com',
      password: 'secret-1',
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(Messages.emailTaken);
  });

  it.each([
    [{ email: 'a@example.com', password: 'secret-1' }, Messages.allFieldsRequired],
    [{ name: '', email: 'a@example.com', password: 'secret-1' }, Messages.allFieldsRequired],
    [{ name: 'A', email: '', password: 'secret-1' }, Messages.allFieldsRequired],
    [{ name: 'A', email: 'a@example.com', password: '' }, Messages.allFieldsRequired],
    [{ name: 'a@b', email: 'a@example.com', password: 'secret-1' }, Messages.nameHasAt],
    [{ name: 'A', email: 'not-an-email', password: 'secret-1' }, Messages.emailInvalid],
    [{ name: 'A', email: 'a@example.com', password: 'x'.repeat(129) }, Messages.passwordTooLong],
    [{ name: 'A', email: 'a@example.com', password: 'secret-1', isAdmin: true }, 'Unknown field: isAdmin'],
    [{ name: 'A', email: 'a@example.com', password: 'secret-1', balance: 5 }, 'Unknown field: balance'],
    [{ name: 'A', email: 'a@example.com', password: 'secret-1', role: 'admin' }, 'Unknown field: role'],
  ])('refuses registration %j with "%s" and writes nothing', async (body, message) => {
    const response = await register(request(t.server), body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    const again = await request(t.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: 'a@example.com', password: 'secret-1' });
    expect(again.status).toBe(401);
  });

  it.each([
    ['a line break', 'Eve\r\nMallory'],
    ['a tab', 'Eve\tMallory'],
    ['a C1 control', 'Eve\u0085Mallory'],
    ['DEL', 'Eve\u007f'],
    ['a right-to-left override', 'Eve \u202eyrollaM'],
    ['a directional isolate', 'Eve \u2067Mallory\u2069'],
  ])('refuses a name with %s (400) and opens no account', async (_, name) => {
    const email = `ctl.${randomBytes(3).toString('hex')}@example.com`;
    const response = await register(request(t.server), { name, email, password: 'secret-1' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(forbiddenCharactersMessage('Name'));
    const [row] = await t.app
      .get<Sql>(SQL)
      .query<{ n: string }>('select count(*) as n from users where email = $1', [email]);
    expect(row.n).toBe('0');
  });

  it('keeps names unique on every way in: admin:create with a taken name or control characters is refused', async () => {
    await register(request(t.server), { name: 'Only One', email: 'only.one@example.com', password: 'secret-1' }).expect(
      201,
    );
    const create = (name: string) =>
      t.app
        .get(CommandBus)
        .execute(new CreateOrPromoteUserCommand(`${randomBytes(3).toString('hex')}@x.test`, 'pass-123', name, 'admin'));
    await expect(create('ONLY  one')).rejects.toMatchObject({ code: 'USER.NAME_TAKEN', message: Messages.nameTaken });
    await expect(create('Only\nOne')).rejects.toMatchObject({ code: 'USER.INVALID' });
  });

  it('refuses a NUL character anywhere in a request with 400, not a database error', async () => {
    const body = await request(t.server)
      .post('/api/auth/register')
      .send({ name: 'Nul\u0000Name', email: 'nul@example.com', password: 'secret-1' });
    expect(body.status).toBe(400);
    expect(body.body).toEqual({ message: 'Request contains a NUL character' });
    const login = await request(t.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: 'nul\u0000@example.com', password: 'secret-1' });
    expect(login.status).toBe(400);
    expect((await request(t.server).get('/api/blog/posts/%00')).status).toBe(400);
    expect((await request(t.server).get('/api/health?x=%00')).status).toBe(400);
  });

  it('refuses __proto__ in a body', async () => {
    const response = await request(t.server)
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"name":"P","email":"proto@example.com","password":"secret-1","__proto__":{"isAdmin":true}}');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Unknown field: __proto__');
    await request(t.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: 'proto@example.com', password: 'secret-1' })
      .expect(401);
  });

  describe('login', () => {
    beforeAll(async () => {
      await register(request(t.server), { name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol-1959' });
      await register(request(t.server), { name: 'Twin', email: 'twin1@example.com', password: 'secret-1' });
    });

    const login = (body: object, ip = nextIp()) =>
      request(t.server).post('/api/auth/login').set('X-Forwarded-For', ip).send(body);

    it('signs in by e-mail in any case and by a unique name', async () => {
      const byEmail = await login({ email: 'GRACE@example.com', password: 'cobol-1959' }).expect(200);
      expect(byEmail.body.user.name).toBe('Grace Hopper');
      expect(sidOf(byEmail)).toBeDefined();
      const byName = await login({ email: 'grace hopper', password: 'cobol-1959' }).expect(200);
      expect(byName.body.user.email).toBe('grace@example.com');
    });

    it('keeps a name to its first account: another spelling of it is 409 and signing in by it still works', async () => {
      for (const name of ['twin', ' TWIN ', 'Twin', 'ｔｗｉｎ']) {
        const taken = await register(request(t.server), { name, email: 'twin2@example.com', password: 'secret-1' });
        expect(taken.status).toBe(409);
        expect(taken.body).toEqual({ message: Messages.nameTaken, errors: { name: Messages.nameTaken } });
      }
      await login({ email: 'twin2@example.com', password: 'secret-1' }).expect(401);
      const byName = await login({ email: 'tWiN', password: 'secret-1' }).expect(200);
      expect(byName.body.user.email).toBe('twin1@example.com');
    });

    it('refuses an unknown user and a wrong password with the same answer', async () => {
      for (const body of [
        { email: 'Nobody Known', password: 'secret-1' },
        { email: 'nobody@example.com', password: 'secret-1' },
        { email: 'grace@example.com', password: 'wrong-password' },
      ]) {
        const response = await login(body);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: Messages.invalidCredentials });
      }
    });

    it('takes similar time for an unknown user and a wrong password', async () => {
      const time = async (body: object) => {
        const started = process.hrtime.bigint();
        await login(body).expect(401);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      await time({ email: 'nobody@example.com', password: 'warm-up' });
      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        unknown.push(await time({ email: `nobody${i}@example.com`, password: 'whatever' }));
        wrong.push(await time({ email: 'grace@example.com', password: `whatever${i}` }));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
      // both pay for one argon2id verification; without the dummy hash "unknown" would be ~10x faster
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
    });

    it.each([
      [{ email: '', password: 'x' }, Messages.usernameRequired],
      [{ password: 'x' }, Messages.usernameRequired],
      [{ email: 'grace@example.com', password: '' }, Messages.passwordRequired],
      [{ email: 'grace@example.com' }, Messages.passwordRequired],
      [{ email: 42, password: 'x' }, Messages.usernameRequired],
      [{ email: 'grace@example.com', password: 'y'.repeat(129) }, Messages.passwordTooLong],
    ])('refuses %j with "%s"', async (body, message) => {
      const response = await login(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });

    it('gives a new session id at login (a planted id is worthless)', async () => {
      const agent = request.agent(t.server);
      const first = await agent.post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({
        email: 'grace@example.com',
        password: 'cobol-1959',
      });
      const firstSid = sidOf(first)?.split(';')[0];
      const second = await agent
        .post('/api/auth/login')
        .set('X-Forwarded-For', nextIp())
        .send({ email: 'grace@example.com', password: 'cobol-1959' });
      const secondSid = sidOf(second)?.split(';')[0];
      expect(firstSid).toBeDefined();
      expect(secondSid).toBeDefined();
      expect(secondSid).not.toBe(firstSid);
      // the old id no longer opens anything
      await request(t.server)
        .get('/api/auth/me')
        .set('Cookie', firstSid as string)
        .expect(401);
      await agent.get('/api/auth/me').expect(200);
    });

    it('logout destroys the session on the server, not only the cookie', async () => {
      const agent = request.agent(t.server);
      const signedIn = await agent
        .post('/api/auth/login')
        .set('X-Forwarded-For', nextIp())
        .send({ email: 'grace@example.com', password: 'cobol-1959' })
        .expect(200);
      const sid = sidOf(signedIn)?.split(';')[0] as string;
      const before = await redis.keys(`${t.config.queuePrefix}:sess:*`);
      await agent.post('/api/auth/logout').expect(204);
      const after = await redis.keys(`${t.config.queuePrefix}:sess:*`);
      expect(after.length).toBe(before.length - 1);
      // replaying the old cookie after logout: signed out
      await request(t.server).get('/api/auth/me').set('Cookie', sid).expect(401);
    });

    it('throttles 10 failures per identifier with 429, whatever the address', async () => {
      const identifier = `victim${Date.now()}@example.com`;
      for (let i = 0; i < 10; i += 1) await login({ email: identifier, password: 'guess' }).expect(401);
      const blocked = await login({ email: identifier, password: 'guess' });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: Messages.tooManyAttempts });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
    });

    it('counts failures per account whatever spelling of its name or e-mail was typed (issue 16)', async () => {
      await register(request(t.server), {
        name: 'Bf Victim X',
        email: 'bf.victim@example.com',
        password: 'right-pass-1',
      });
      const spellings = [
        'Bf Victim X',
        'Bf  Victim X',
        'bf victim x',
        ' BF VICTIM   X ',
        'Bf\u00a0Victim X',
        'ｂｆ victim x',
        'bf.victim@example.com',
        'BF.Victim@Example.com',
        ' bf.victim@example.com ',
        'Bf Victim  x',
      ];
      // each spelling from its own address, so only the per-account count can stop them
      for (const email of spellings) await login({ email, password: 'guess' }).expect(401);
      const blocked = await login({ email: 'bF   vIcTiM x', password: 'right-pass-1' });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: Messages.tooManyAttempts });
      await login({ email: 'BF.VICTIM@example.com', password: 'right-pass-1' }).expect(429);
    });

    it('throttles an unknown name like a known one, whatever its spelling, so a 429 reveals nothing', async () => {
      for (let i = 0; i < 10; i += 1) {
        await login({ email: i % 2 ? 'No  Such Person' : 'no such person', password: 'guess' }).expect(401);
      }
      await login({ email: 'NO SUCH  PERSON', password: 'guess' }).expect(429);
    });

    it('counts a failure for the account, the address, and both together, each for 15 minutes', async () => {
      const ip = nextIp();
      const keysBefore = new Set(await redis.keys(`${t.config.queuePrefix}:login-fail:*`));
      await login({ email: 'grace@example.com', password: 'wrong once' }, ip).expect(401);
      const added = (await redis.keys(`${t.config.queuePrefix}:login-fail:*`)).filter((key) => !keysBefore.has(key));
      expect(added.map((key) => key.split(':').at(-2)).sort()).toEqual(['account', 'ip', 'pair']);
      expect(added.join(' ')).not.toMatch(/grace/);
      for (const key of added) expect(await redis.ttl(key)).toBeGreaterThan(800);
      // the right password clears the account's count
      await login({ email: 'Grace Hopper', password: 'cobol-1959' }, ip).expect(200);
      expect(await redis.exists(added.find((key) => key.includes(':account:')) as string)).toBe(0);
    });

    it('a burst of parallel guesses gets at most 10 checked', async () => {
      const identifier = `burst${Date.now()}@example.com`;
      const responses = await Promise.all(
        Array.from({ length: 25 }, () => login({ email: identifier, password: 'guess' })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    });

    it('throttles 10 failures per client address with 429, even for a right password', async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i += 1)
        await login({ email: `spray${i}@example.com`, password: 'guess' }, ip).expect(401);
      const blocked = await login({ email: 'grace@example.com', password: 'cobol-1959' }, ip);
      expect(blocked.status).toBe(429);
      await login({ email: 'grace@example.com', password: 'cobol-1959' }).expect(200);
    });
  });

  describe('roles (guards re-read the role from the database)', () => {
    const signIn = async (email: string) => {
      const agent = request.agent(t.server);
      await agent
        .post('/api/auth/login')
        .set('X-Forwarded-For', nextIp())
        .send({ email, password: 'role-pass-1' })
        .expect(200);
      return agent;
    };
    const setRole = (email: string, role: 'customer' | 'admin' | 'auditor') =>
      t.app.get(CommandBus).execute(new CreateOrPromoteUserCommand(email, 'role-pass-1', email.split('@')[0], role));

    beforeAll(async () => {
      await setRole('boss@example.com', 'admin');
      await setRole('auditor@example.com', 'auditor');
      await setRole('plain@example.com', 'customer');
    });

    it('AdminOrAuditor: 401 signed out, 403 for a customer, 200 for auditor and admin', async () => {
      const signedOut = await request(t.server).get('/api/admin/blog/posts');
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toEqual({ message: Messages.authenticationRequired });
      const customerAgent = await signIn('plain@example.com');
      const forbidden = await customerAgent.get('/api/admin/blog/posts');
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ message: Messages.adminRequired });
      await (await signIn('auditor@example.com')).get('/api/admin/blog/posts').expect(200);
      await (await signIn('boss@example.com')).get('/api/admin/blog/posts').expect(200);
    });

    it('AdminOnly: an auditor may read but not write', async () => {
      const auditor = await signIn('auditor@example.com');
      const response = await auditor.post('/api/admin/blog/posts').send({ title: 'Nope', excerpt: 'x', content: 'y' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: Messages.adminRequired });
    });

    it('a demoted admin loses access at once: a role change ends every session of the user', async () => {
      await setRole('demoted@example.com', 'admin');
      const agent = await signIn('demoted@example.com');
      const other = await signIn('demoted@example.com');
      const me = await agent.get('/api/auth/me').expect(200);
      expect(me.body.user).toEqual(expect.objectContaining({ isAdmin: true, role: 'admin' }));
      await agent.get('/api/admin/blog/posts').expect(200);
      await setRole('demoted@example.com', 'customer');
      for (const session of [agent, other]) {
        await session.get('/api/admin/blog/posts').expect(401);
        await session.get('/api/auth/me').expect(401);
      }
      const again = await signIn('demoted@example.com');
      await again.get('/api/admin/blog/posts').expect(403);
      expect((await again.get('/api/auth/me').expect(200)).body.user.isAdmin).toBe(false);

      // a promotion too (the session's role would be stale); the same role again keeps the sessions
      await setRole('demoted@example.com', 'customer');
      await again.get('/api/auth/me').expect(200);
      await setRole('demoted@example.com', 'auditor');
      await again.get('/api/auth/me').expect(401);
      await (await signIn('demoted@example.com')).get('/api/admin/blog/posts').expect(200);
    });
  });

  it('documents every auth and investor call in OpenAPI', async () => {
    const response = await request(t.server).get('/api/docs-json').expect(200);
    const paths = Object.keys(response.body.paths);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/user/dashboard',
      '/api/user/admin-transactions',
      '/api/user/deposit-requests',
      '/api/user/deposit-request',
      '/api/user/banking-details',
      '/api/user/change-password',
      '/api/user/withdrawals',
      '/api/user/withdrawal',
      '/api/user/interest-payments',
    ]) {
      expect(paths).toContain(path);
    }
    const login = response.body.paths['/api/auth/login'].post;
    expect(login.requestBody).toBeDefined();
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
  });

  describe('cross-site protection and headers', () => {
    it('refuses a state-changing request from a foreign Origin with 403', async () => {
      const response = await request(t.server)
        .post('/api/auth/register')
        .set('Origin', 'https://evil.example')
        .send({ name: 'Evil', email: 'evil@example.com', password: 'secret-1' });
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/Cross-site/);
      await request(t.server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', nextIp())
        .send({ email: 'evil@example.com', password: 'secret-1' })
        .expect(401);
    });

    it('accepts its own host and PUBLIC_ORIGIN', async () => {
      await request(t.server)
        .post('/api/auth/register')
        .set('Origin', ORIGIN)
        .send({ name: 'Good', email: 'good@example.com', password: 'secret-1' })
        .expect(201);
      await request(t.server)
        .post('/api/auth/register')
        .set('Host', '127.0.0.1:3000')
        .set('Origin', 'http://127.0.0.1:3000')
        .send({ name: 'Good Two', email: 'good2@example.com', password: 'secret-1' })
        .expect(201);
    });

    it('sends helmet headers with a CSP and no CORS grant', async () => {
      const response = await request(t.server).get('/api/health').set('Origin', 'https://evil.example');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('account opening per client address', () => {
    let limited: TestApp;

    beforeAll(async () => {
      // a second API on the same database, with a limit of 3 an hour (the other tests' app has a high
      // one); last in the file, as closing it closes connections the first app shares
      limited = await startTestApp({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '3' }, { keepDatabase: true });
      const stale = await redis.keys(`${t.config.queuePrefix}:register:*`);
      if (stale.length > 0) await redis.del(...stale);
    });
    afterAll(async () => {
      await limited.close();
    });

    const registerFrom = (address: string, body: object) =>
      request(limited.server).post('/api/auth/register').set('X-Forwarded-For', address).send(body);
    const account = (label: string) => ({
      name: `Opener ${label}`,
      email: `opener.${label}.${Date.now()}@example.test`,
      password: 'secret-1',
    });

    it('opens at most the limit from one address, however many arrive at once; then 429 with Retry-After', async () => {
      const address = nextIp();
      // refused by validation before anything is counted
      await registerFrom(address, { name: '', email: 'not-an-email', password: '' }).expect(400);
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => registerFrom(address, account(`burst${i}`))),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
      const refused = responses.find((response) => response.status === 429) as request.Response;
      expect(refused.body).toEqual({ message: Messages.tooManyRegistrations });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3_500);
      expect(retryAfter).toBeLessThanOrEqual(3_600);
      // accounts exist for the admitted ones only
      const [opened] = await t.app
        .get<Sql>(SQL)
        .query<{ count: string }>(`select count(*)::text as count from users where email like 'opener.burst%'`);
      expect(opened.count).toBe('3');
      await registerFrom(address, account('later')).expect(429);
      // another address is not affected
      await registerFrom(nextIp(), account('elsewhere')).expect(201);
    });
  });
});
