import fc from 'fast-check';
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { RequestDepositCommand, RequestWithdrawalCommand, SQL } from '@savings/application';
import { forbiddenCharactersMessage, Messages } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../test-app';
import {
  backOfficeSnapshot,
  expectLedgerVerifies,
  fundedCustomer,
  insertUser,
  TEST_PASSWORD,
  testContext,
  type TestAgent,
} from '../back-office';
import { fillPath, isStateChanging, loadRouteTable, routeKey, type BodyField, type Route } from './route-table';

/**
 * Hostile input against every route of the OpenAPI document, as anonymous, customer and admin:
 * random and malformed bodies, headers, ids and query strings. Properties: never a 5xx, an error
 * body is one `{message}` without internals, a 4xx changes nothing, and the ledger verifies after.
 */

type Role = 'anonymous' | 'customer' | 'admin';

/** Random requests per route and role; FUZZ_RUNS=50 for a longer hunt. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 3);
// jest's default 5 s is per hook and test; the property runs hundreds of requests
jest.setTimeout(60_000);
const OWN_ORIGIN = 'http://localhost:3000';
const FOREIGN_ORIGIN = 'https://evil.example';

/** Routes anyone may call; every other route must refuse an anonymous caller. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/blog/posts',
  'GET /api/blog/posts/{slug}',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/public/technical-overview.pdf',
  // the published proof-of-liabilities roots (api-contract.md section 13)
  'GET /api/proof/roots',
  // the session probe: {user: null} when signed out
  'GET /api/auth/session',
  // a forgotten password (api-contract.md section 14): asked and confirmed without a session
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  // the code step between password and session (section 9): its caller is not signed in yet
  'POST /api/auth/mfa/verify',
]);
const isAdminRoute = (route: Route): boolean => /^\/api\/(admin|audit)(\/|$)/.test(route.path);

interface Fixtures {
  adminId: number;
  customerId: number;
  withdrawalId: number;
  depositRequestId: number;
  notificationId: number;
  blogPostId: number;
}

interface FuzzRequest {
  route: Route;
  pathValues: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType?: string; text: string };
}

let t: TestApp;
let sql: Sql;
let routes: Route[];
let fixtures: Fixtures;
const agents: Partial<Record<Role, TestAgent>> = {};
const credentials: Partial<Record<Role, string>> = {};

/** A client address per sign-in, so the fuzzer's failed logins never throttle the set-up's. */
const freshAddress = (): string => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0] || 1}`;

async function signIn(role: Exclude<Role, 'anonymous'>): Promise<void> {
  const agent = request.agent(t.server);
  await agent
    .post('/api/auth/login')
    .set('X-Forwarded-For', freshAddress())
    .send({ email: credentials[role], password: TEST_PASSWORD })
    .expect(200);
  agents[role] = agent;
}

/** Everything a call could change: the back office's snapshot plus identities and banking details. */
async function snapshot(): Promise<Record<string, string | null>> {
  const [users] = await sql.query<{ users: string | null }>(
    `select md5(string_agg(id || ':' || name || ':' || email || ':' || password_hash || ':' || role || ':' ||
              coalesce(beneficiary_name, '') || ':' || coalesce(iban, '') || ':' || coalesce(swift, ''), ',' order by id))
       as users from users`,
  );
  return { ...(await backOfficeSnapshot(t)), ...users };
}

// ---- generators ----------------------------------------------------------------------------------

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1e21,
    1e-7,
    Number.MAX_SAFE_INTEGER + 2,
    1000.001,
    '1e999',
    '-0',
    'NaN',
    'Infinity',
    '-Infinity',
    '1000.001',
    'abc',
    '',
    ' ',
    '0x10',
    '1,000',
    '\u0661\u0660\u0660\u0660',
    '99999999999999999999999999',
    '-1500',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '"; drop table users; --',
    '%00',
    '\u0000',
    '../../etc/passwd',
    '__proto__',
    'constructor',
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(5000)),
);

/** Values a real client would send, so the fuzzer also reaches the handlers behind validation. */
function plausible(field: BodyField, f: Fixtures): fc.Arbitrary<unknown> {
  if (field.enumValues?.length) return fc.constantFrom(...field.enumValues);
  switch (field.name) {
    case 'amount':
      return fc.oneof(fc.constantFrom(1000, 1500, 0.01, '2500.50', 999.99, 1_000_000_000_001), fc.integer());
    case 'userId':
      return fc.constantFrom(f.customerId, f.adminId, 0, 2 ** 31, -1);
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constant(`fuzz${randomBytes(3).toString('hex')}@example.test`));
    case 'iban':
      return fc.constantFrom('GB82WEST12345698765432', 'DE89370400440532013000', 'GB00WEST12345698765432', 'XX');
    case 'swift':
      return fc.constantFrom('NWBKGB2L', 'DEUTDEFF500', 'NOPE');
    default:
      return field.types.includes('number') ? fc.integer() : fc.string({ maxLength: 60 });
  }
}

function bodyArbitrary(route: Route, f: Fixtures): fc.Arbitrary<FuzzRequest['body']> {
  const fields = route.body ?? [];
  const shaped = fc
    .tuple(
      fc.subarray(fields),
      fc.array(fc.boolean(), { minLength: fields.length, maxLength: fields.length }),
      fc.dictionary(fc.constantFrom('isAdmin', 'balance', 'referenceCode', 'role', 'id', 'x'), hostileScalar, {
        maxKeys: 2,
      }),
    )
    .chain(([chosen, hostile, extra]) =>
      fc.tuple(...chosen.map((field, i) => (hostile[i] ? hostileScalar : plausible(field, f)))).map((values) => ({
        kind: 'json' as const,
        value: { ...Object.fromEntries(chosen.map((field, i) => [field.name, values[i]])), ...extra },
      })),
    );
  const raw = fc.oneof(
    fc.record({
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
      text: fc.oneof(
        fc.constantFrom(
          '{"amount":',
          '{"a":1}}',
          'null',
          '[]',
          '"text"',
          '{"__proto__":{"isAdmin":true},"amount":1500}',
          '{"constructor":{"prototype":{"isAdmin":true}}}',
          '{"amount":1500,"amount":2000}',
          '{"amount":1e999}',
          '['.repeat(2000) + ']'.repeat(2000),
          '\uFEFF{"amount":1500}',
        ),
        fc.string({ maxLength: 80 }),
        fc.constant(`{"note":"${'a'.repeat(110_000)}"}`),
      ),
    }),
    fc.record({
      contentType: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        'garbage',
      ),
      text: fc.constantFrom('amount=1500', '<a>1500</a>', '{"amount":1500}', '--x\r\n\r\n--x--'),
    }),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 4, arbitrary: shaped },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: raw.map((r) => ({ kind: 'raw' as const, ...r })) },
  );
}

function idArbitrary(f: Fixtures): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .constantFrom(f.customerId, f.adminId, f.withdrawalId, f.depositRequestId, f.notificationId, f.blogPostId)
      .map(String),
    fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '%00',
      '..%2F..',
      '9'.repeat(40),
      '%F0%9F%92%A9',
      '%20',
      'null',
      'NaN',
    ),
    fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  );
}

/** Printable ASCII only: Node refuses to send other header bytes at all. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

function requestArbitrary(route: Route, f: Fixtures): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    route: fc.constant(route),
    pathValues: fc.record(
      Object.fromEntries(route.parameters.filter((p) => p.in === 'path').map((p) => [p.name, idArbitrary(f)])),
    ),
    query: fc.dictionary(
      fc.oneof(
        fc.constantFrom(...route.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'x'),
        fc.string(),
      ),
      fc.oneof(hostileScalar.map(String), fc.constantFrom('1', '50', 'desc', 'name', 'true')),
      { maxKeys: 3 },
    ),
    headers: fc.record(
      {
        'Idempotency-Key': fc.oneof(headerText, fc.constant(randomBytes(8).toString('hex'))),
        Origin: fc.constantFrom(OWN_ORIGIN, FOREIGN_ORIGIN, 'null', 'http://localhost:3000.evil.example', 'file://'),
        Accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml'),
        'X-Request-Id': headerText,
        'X-Forwarded-For': fc.oneof(fc.ipV4(), headerText),
      },
      { requiredKeys: [] },
    ),
    body: bodyArbitrary(route, f),
  });
}

async function send(role: Role, fuzz: FuzzRequest): Promise<request.Response> {
  const url = fillPath(fuzz.route.path, (name) => fuzz.pathValues[name] ?? '1');
  const client = role === 'anonymous' ? request(t.server) : (agents[role] as TestAgent);
  let call = client[fuzz.route.method](url).query(fuzz.query).timeout(20_000);
  for (const [name, value] of Object.entries(fuzz.headers)) call = call.set(name, value);
  // serialised here: supertest sends only objects as JSON, and a bare number or boolean is valid JSON too
  if (fuzz.body.kind === 'json')
    return call.set('Content-Type', 'application/json').send(JSON.stringify(fuzz.body.value));
  if (fuzz.body.kind === 'raw') {
    if (fuzz.body.contentType) call = call.set('Content-Type', fuzz.body.contentType);
    return call.send(fuzz.body.text);
  }
  return call;
}

function describeRequest(role: Role, fuzz: FuzzRequest, response: request.Response): string {
  const body = JSON.stringify(fuzz.body).slice(0, 300);
  return `${role} ${routeKey(fuzz.route)} ${JSON.stringify(fuzz.pathValues)} q=${JSON.stringify(fuzz.query)} body=${body} -> ${response.status} ${(response.text ?? '[binary]').slice(0, 300)}`;
}

const INTERNALS =
  /(stack|at \w+ \(|node_modules|SELECT |INSERT |UPDATE |relation "|violates|QueryFailed|TypeError|ReferenceError)/;

beforeAll(async () => {
  t = await startTestApp();
  sql = t.app.get<Sql>(SQL);
  routes = await loadRouteTable(t);
  const adminEmail = `fuzz.admin.${randomBytes(3).toString('hex')}@example.test`;
  const adminId = await insertUser(t, 'admin', 'Fuzz Admin', adminEmail);
  const customerId = await fundedCustomer(t, 'Fuzz Customer', '50000.00', adminId);
  const [customer] = await sql.query<{ email: string }>('select email from users where id = $1', [customerId]);
  credentials.admin = adminEmail;
  credentials.customer = customer.email;
  await signIn('admin');
  await signIn('customer');
  const commands = t.app.get(CommandBus);
  const withdrawal = (await commands.execute(
    new RequestWithdrawalCommand(customerId, '1500.00', testContext('user', customerId)),
  )) as { withdrawal: { id: number } };
  const depositRequest = (await commands.execute(
    new RequestDepositCommand(customerId, '2000.00', testContext('user', customerId)),
  )) as { depositRequest: { id: number } };
  const post = await (agents.admin as TestAgent)
    .post('/api/admin/blog/posts')
    .send({ title: 'Fuzz target', content: 'x' })
    .expect(201);
  const [notification] = await sql.query<{ id: string }>(
    'select id::text from admin_notifications order by id limit 1',
  );
  fixtures = {
    adminId,
    customerId,
    withdrawalId: withdrawal.withdrawal.id,
    depositRequestId: depositRequest.depositRequest.id,
    notificationId: Number(notification.id),
    blogPostId: (post.body as { id: number }).id,
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the route table', () => {
  it('is read from the app and holds every area of the API', () => {
    const keys = routes.map(routeKey);
    expect(keys.length).toBeGreaterThanOrEqual(40);
    for (const prefix of ['/api/auth/', '/api/user/', '/api/admin/', '/api/audit/', '/api/blog/', '/api/health']) {
      expect(keys.some((key) => key.includes(prefix))).toBe(true);
    }
  });
});

describe('property: hostile requests to every route', () => {
  const stats = { requests: 0, statuses: new Map<number, number>(), routes: new Set<string>() };

  it.each<Role>(['anonymous', 'customer', 'admin'])(
    'as %s: never a 5xx, errors are one sentence, a refused call changes nothing',
    async (role) => {
      // route by route, so every route of the table is reached whatever the seed
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route, fixtures), async (fuzz) => {
            const before = await snapshot();
            const response = await send(role, fuzz);
            stats.requests += 1;
            stats.routes.add(`${role} ${routeKey(fuzz.route)}`);
            stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
            const what = describeRequest(role, fuzz, response);
            if (response.status >= 500) throw new Error(`5xx: ${what}`);
            if (response.status >= 400) {
              const message = (response.body as { message?: unknown }).message;
              if (typeof message !== 'string' || message.length === 0) throw new Error(`no message: ${what}`);
              if (INTERNALS.test(response.text)) throw new Error(`internals leaked: ${what}`);
              const after = await snapshot();
              if (JSON.stringify(after) !== JSON.stringify(before)) {
                throw new Error(`state changed on ${response.status}: ${what}`);
              }
            }
            // a call that signed in, registered, signed out or changed the password moved the session: restore the role
            if (
              role !== 'anonymous' &&
              response.status < 400 &&
              /\/api\/(auth\/|user\/change-password)/.test(fuzz.route.path)
            ) {
              await signIn(role);
            }
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      }
    },
    120_000,
  );

  it('covered every route and still verifies the ledger', async () => {
    expect(stats.routes.size).toBe(3 * routes.length);
    expect(stats.requests).toBe(3 * routes.length * RUNS_PER_ROUTE);
    expect([...stats.statuses.keys()].every((status) => status < 500)).toBe(true);
    await expectLedgerVerifies(t);
  });
});

describe('access generated from the route table', () => {
  const url = (route: Route): string =>
    fillPath(route.path, (name) => String(name === 'slug' ? 'no-such-post' : fixtures.withdrawalId));

  it('refuses an anonymous caller on every route that is not public (401, nothing changes)', async () => {
    const before = await snapshot();
    const refused: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(routeKey(r)))) {
      const response = await request(t.server)[route.method](url(route));
      if (
        response.status !== 401 ||
        (response.body as { message?: string }).message !== Messages.authenticationRequired
      ) {
        refused.push(`${routeKey(route)} -> ${response.status}`);
      }
    }
    expect(refused).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a customer on every admin and audit route (403, nothing changes)', async () => {
    const before = await snapshot();
    const adminRoutes = routes.filter(isAdminRoute);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(15);
    const allowed: string[] = [];
    for (const route of adminRoutes) {
      const response = await (agents.customer as TestAgent)[route.method](url(route));
      if (response.status !== 403) allowed.push(`${routeKey(route)} -> ${response.status}`);
    }
    // the queue dashboard is served by bull-board, outside the OpenAPI document
    const queues = await (agents.customer as TestAgent).get('/api/admin/queues');
    if (queues.status !== 403) allowed.push(`GET /api/admin/queues -> ${queues.status}`);
    expect(allowed).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every state-changing route from a foreign Origin, even for an admin (403, nothing changes)', async () => {
    const before = await snapshot();
    const accepted: string[] = [];
    for (const route of routes.filter((r) => isStateChanging(r.method))) {
      const response = await (agents.admin as TestAgent)[route.method](url(route)).set('Origin', FOREIGN_ORIGIN);
      if (response.status !== 403) accepted.push(`${routeKey(route)} -> ${response.status}`);
    }
    expect(accepted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('sends the security headers on every GET route, for every role', async () => {
    const missing: string[] = [];
    for (const route of routes.filter((r) => r.method === 'get')) {
      for (const client of [request(t.server), agents.customer as TestAgent, agents.admin as TestAgent]) {
        const response = await client.get(url(route));
        const h = response.headers;
        const ok =
          h['x-content-type-options'] === 'nosniff' &&
          /frame-ancestors 'none'/.test(h['content-security-policy'] ?? '') &&
          h['referrer-policy'] !== undefined &&
          h['x-powered-by'] === undefined;
        if (!ok) missing.push(`${routeKey(route)} -> ${response.status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('edge rules generated from the route table (contract section 8)', () => {
  /** The role that may call a route, so the rule under test is reached past the guards. */
  const callerOf = (route: Route): TestAgent | ReturnType<typeof request> =>
    PUBLIC_ROUTES.has(routeKey(route))
      ? request(t.server)
      : isAdminRoute(route)
        ? (agents.admin as TestAgent)
        : (agents.customer as TestAgent);
  const idParameters = (route: Route) => route.parameters.filter((p) => p.in === 'path' && p.type === 'number');
  /** A plain id no record has: a call that gets past the id check answers 404 and changes nothing. */
  const NO_SUCH_ID = '2147483647';
  // path parameters that are not ids (statements name a month or a year) get a well-formed value
  const PERIODS: Record<string, string> = { month: '2026-01', year: '2026' };
  const nonIdValue = (name: string) => PERIODS[name] ?? NO_SUCH_ID;

  it('refuses every loosely written path id with 400 on every route with an id, and changes nothing', async () => {
    const routesWithIds = routes.filter((route) => idParameters(route).length > 0);
    expect(routesWithIds.length).toBeGreaterThanOrEqual(10);
    // Number() or parseInt would read these as 31, 10, 1, 1, 1, 1, 1, 1: another record
    const loose = ['0x1F', '1e1', '%201', '1%20', '01', '+1', '1.0', '1.5', '-1', '0', '2147483648', '0b1', '1_0'];
    const before = await snapshot();
    const accepted: string[] = [];
    for (const route of routesWithIds) {
      for (const id of loose) {
        const url = fillPath(route.path, (name) =>
          idParameters(route).some((p) => p.name === name) ? id : nonIdValue(name),
        );
        const call = callerOf(route)[route.method](url);
        const response = route.body ? await call.send({}) : await call;
        if (response.status !== 400) accepted.push(`${routeKey(route)} ${id} -> ${response.status}`);
      }
      const plain = await callerOf(route)[route.method](fillPath(route.path, nonIdValue));
      if (plain.status === 400 && !route.body) accepted.push(`${routeKey(route)} ${NO_SUCH_ID} refused`);
    }
    expect(accepted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses any field on every state-changing route that takes no body, and accepts none or {}', async () => {
    const bodyless = routes.filter((route) => isStateChanging(route.method) && !route.body);
    expect(bodyless.map(routeKey)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/logout',
        'PATCH /api/admin/withdrawals/{id}/approve',
        'DELETE /api/admin/withdrawals/{id}',
        'DELETE /api/admin/deposit-requests/{id}',
        'PATCH /api/admin/notifications/{id}/read',
        'DELETE /api/admin/blog/posts/{id}',
      ]),
    );
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of bodyless) {
      const url = fillPath(route.path, () => NO_SUCH_ID);
      for (const body of ['{"unexpected":true}', '{"id":1}', '[]', '[1]']) {
        const response = await callerOf(route)[route.method](url).set('Content-Type', 'application/json').send(body);
        if (response.status !== 400) wrong.push(`${routeKey(route)} ${body} -> ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    for (const route of bodyless.filter((r) => idParameters(r).length > 0)) {
      const url = fillPath(route.path, () => NO_SUCH_ID);
      for (const body of [undefined, '{}']) {
        const call = callerOf(route)[route.method](url);
        const response =
          body === undefined ? await call : await call.set('Content-Type', 'application/json').send(body);
        // past the body rule: the id names no record
        if (response.status !== 404) wrong.push(`${routeKey(route)} ${body ?? 'no body'} -> ${response.status}`);
      }
    }
    const logout = await request(t.server).post('/api/auth/logout').set('Content-Type', 'application/json').send('{}');
    expect(logout.status).toBe(204);
    expect(wrong).toEqual([]);
  });

  it('judges every amount on its text as sent: a JSON number a double would round is refused like 1000.001', async () => {
    const withAmount = routes.filter((route) => route.body?.some((field) => field.name === 'amount'));
    expect(withAmount.length).toBeGreaterThanOrEqual(5);
    const before = await snapshot();
    const accepted: string[] = [];
    for (const route of withAmount) {
      for (const amount of [
        '1000.009999999999999999',
        '1000.0000000000000001',
        '1000.001',
        '1500.000000000000000001',
      ]) {
        const call = callerOf(route)[route.method](fillPath(route.path, () => NO_SUCH_ID));
        const response = await call.set('Content-Type', 'application/json').send(`{"amount":${amount}}`);
        const errors = (response.body as { errors?: Record<string, string> }).errors ?? {};
        if (response.status !== 400 || errors.amount !== Messages.invalidAmount) {
          accepted.push(`${routeKey(route)} ${amount} -> ${response.status} ${response.text}`);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses control characters and direction overrides in every name, note and title field', async () => {
    const labels: Record<string, string> = {
      name: 'Name',
      beneficiaryName: 'Beneficiary name',
      note: 'Note',
      title: 'Title',
      metaTitle: 'Meta title',
    };
    const textRoutes = routes.filter((route) => route.body?.some((field) => field.name in labels));
    expect(textRoutes.length).toBeGreaterThanOrEqual(6);
    const before = await snapshot();
    const accepted: string[] = [];
    for (const route of textRoutes) {
      for (const field of (route.body ?? []).filter((f) => f.name in labels)) {
        for (const bad of ['Ada\r\nIBAN;GB00', 'Ada\u0007', 'Ada\u0085', 'Ada\u202eecilA', 'Ada\u2066x', 'Ada\u007f']) {
          const call = callerOf(route)[route.method](fillPath(route.path, () => NO_SUCH_ID));
          const response = await call.send({ [field.name]: bad });
          const errors = (response.body as { errors?: Record<string, string> }).errors ?? {};
          if (response.status !== 400 || errors[field.name] !== forbiddenCharactersMessage(labels[field.name])) {
            accepted.push(`${routeKey(route)} ${field.name}=${JSON.stringify(bad)} -> ${response.status}`);
          }
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('sessions', () => {
  const sidOf = (response: request.Response): string | undefined => {
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    return cookies.find((cookie) => cookie.startsWith('sid='));
  };
  const login = (email: string | undefined, cookie?: string, forwarded: Record<string, string> = {}) => {
    let call = request(t.server).post('/api/auth/login').set('X-Forwarded-For', freshAddress());
    for (const [name, value] of Object.entries(forwarded)) call = call.set(name, value);
    if (cookie) call = call.set('Cookie', cookie);
    return call.send({ email, password: TEST_PASSWORD });
  };

  it('issues a new session id at login and the old one no longer works', async () => {
    const first = sidOf(await login(credentials.customer).expect(200))?.split(';')[0] as string;
    const second = sidOf(await login(credentials.admin, first).expect(200))?.split(';')[0] as string;
    expect(second).toBeDefined();
    expect(second).not.toEqual(first);
    await request(t.server).get('/api/auth/me').set('Cookie', first).expect(401);
    const me = await request(t.server).get('/api/auth/me').set('Cookie', second).expect(200);
    expect((me.body as { user: { email: string } }).user.email).toBe(credentials.admin);
  });

  it('logout destroys the session on the server: a replayed cookie is signed out', async () => {
    const sid = sidOf(await login(credentials.customer).expect(200))?.split(';')[0] as string;
    await request(t.server).get('/api/user/dashboard').set('Cookie', sid).expect(200);
    const out = await request(t.server).post('/api/auth/logout').set('Cookie', sid);
    expect([200, 204]).toContain(out.status);
    await request(t.server).get('/api/user/dashboard').set('Cookie', sid).expect(401);
  });

  it('sets the cookie HttpOnly, SameSite=Lax, path /, and Secure behind HTTPS', async () => {
    const plain = sidOf(await login(credentials.customer).expect(200)) as string;
    expect(plain).toMatch(/; HttpOnly/i);
    expect(plain).toMatch(/; SameSite=Lax/i);
    expect(plain).toMatch(/; Path=\//i);
    expect(plain).not.toMatch(/; Secure/i);
    const secure = sidOf(await login(credentials.customer, undefined, { 'X-Forwarded-Proto': 'https' }).expect(200));
    expect(secure).toMatch(/; Secure/i);
  });

  it('throttles sign-in after 10 failures for one identifier, and never reveals whether an account exists', async () => {
    const unknown = await request(t.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', freshAddress())
      .send({ email: `nobody.${randomBytes(3).toString('hex')}@example.test`, password: 'wrong password' });
    const email = `victim.${randomBytes(3).toString('hex')}@example.test`;
    await insertUser(t, 'customer', 'Throttle Victim', email);
    const statuses: number[] = [];
    let wrong: request.Response | undefined;
    for (let i = 0; i < 10; i += 1) {
      wrong = await request(t.server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', freshAddress())
        .send({ email, password: 'wrong password' });
      statuses.push(wrong.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    expect(wrong?.body).toEqual(unknown.body);
    // the right password from a new address: still refused while the window lasts
    const blocked = await login(email);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: Messages.tooManyAttempts });
  });
});
