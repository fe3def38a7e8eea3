import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { RequestDepositCommand, RequestWithdrawalCommand, SQL } from '@savings/application';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  backOfficeSnapshot,
  expectLedgerVerifies,
  fundedCustomer,
  signedIn,
  testContext,
  type TestActor,
} from '../../test/back-office';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Fixtures {
  customerId: number;
  withdrawalId: number;
  depositRequestId: number;
  notificationId: number;
  blogPostId: number;
  verifyRunId: number;
  approvalId: number;
}

interface RouteCase {
  method: Method;
  /** OpenAPI form, e.g. /api/admin/withdrawals/{id}/approve */
  path: string;
  /** A valid body, so a refusal can only come from the role check. */
  body?: object;
  /** Fills the path's {params}. */
  params?: (f: Fixtures) => Record<string, number | string>;
  /** A query string the route needs (without "?"). */
  query?: (f: Fixtures) => string;
  /** Auditors may read (GET) unless the route is admin-only. */
  auditor: 'allowed' | 'forbidden';
}

/**
 * Every back-office and audit route. The first test fails when the OpenAPI document has a route under
 * /api/admin or /api/audit that this table lacks, so a new route cannot skip these checks.
 */
const ROUTES: RouteCase[] = [
  { method: 'get', path: '/api/admin/users', auditor: 'allowed' },
  {
    method: 'patch',
    path: '/api/admin/users/{userId}/balance',
    params: (f) => ({ userId: f.customerId }),
    body: { amount: 100, operation: 'add' },
    auditor: 'forbidden',
  },
  { method: 'get', path: '/api/admin/transactions', auditor: 'allowed' },
  { method: 'get', path: '/api/admin/withdrawals', auditor: 'allowed' },
  { method: 'get', path: '/api/admin/deposit-requests', auditor: 'allowed' },
  { method: 'get', path: '/api/admin/charts/daily', auditor: 'allowed' },
  {
    method: 'post',
    path: '/api/admin/deposits/confirm',
    body: { userId: 0, amount: 1500 },
    auditor: 'forbidden',
  },
  {
    method: 'patch',
    path: '/api/admin/withdrawals/{id}/approve',
    params: (f) => ({ id: f.withdrawalId }),
    auditor: 'forbidden',
  },
  {
    method: 'patch',
    path: '/api/admin/withdrawals/{id}/edit',
    params: (f) => ({ id: f.withdrawalId }),
    body: { amount: 1200 },
    auditor: 'forbidden',
  },
  {
    method: 'delete',
    path: '/api/admin/withdrawals/{id}',
    params: (f) => ({ id: f.withdrawalId }),
    auditor: 'forbidden',
  },
  {
    method: 'patch',
    path: '/api/admin/deposit-requests/{id}/confirm',
    params: (f) => ({ id: f.depositRequestId }),
    body: { note: 'received' },
    auditor: 'forbidden',
  },
  {
    method: 'patch',
    path: '/api/admin/deposit-requests/{id}/edit',
    params: (f) => ({ id: f.depositRequestId }),
    body: { amount: 2500 },
    auditor: 'forbidden',
  },
  {
    method: 'delete',
    path: '/api/admin/deposit-requests/{id}',
    params: (f) => ({ id: f.depositRequestId }),
    auditor: 'forbidden',
  },
  { method: 'get', path: '/api/admin/notifications', auditor: 'allowed' },
  { method: 'patch', path: '/api/admin/notifications/read-all', auditor: 'forbidden' },
  {
    method: 'patch',
    path: '/api/admin/notifications/{id}/read',
    params: (f) => ({ id: f.notificationId }),
    auditor: 'forbidden',
  },
  { method: 'get', path: '/api/admin/blog/posts', auditor: 'allowed' },
  { method: 'get', path: '/api/admin/blog/posts/{id}', params: (f) => ({ id: f.blogPostId }), auditor: 'allowed' },
  {
    method: 'post',
    path: '/api/admin/blog/posts',
    body: { title: 'Intruder post', content: 'x', published: true },
    auditor: 'forbidden',
  },
  {
    method: 'put',
    path: '/api/admin/blog/posts/{id}',
    params: (f) => ({ id: f.blogPostId }),
    body: { title: 'Defaced', published: true },
    auditor: 'forbidden',
  },
  { method: 'delete', path: '/api/admin/blog/posts/{id}', params: (f) => ({ id: f.blogPostId }), auditor: 'forbidden' },
  { method: 'get', path: '/api/audit/events', auditor: 'allowed' },
  { method: 'get', path: '/api/audit/verify', auditor: 'allowed' },
  { method: 'get', path: '/api/audit/log', auditor: 'allowed' },
  { method: 'get', path: '/api/audit/log.jsonl', auditor: 'allowed' },
  { method: 'get', path: '/api/audit/balance', query: (f) => `userId=${f.customerId}`, auditor: 'allowed' },
  { method: 'post', path: '/api/audit/verify-runs', auditor: 'allowed' },
  { method: 'get', path: '/api/audit/verify-runs', auditor: 'allowed' },
  { method: 'get', path: '/api/audit/verify-runs/{id}', params: (f) => ({ id: f.verifyRunId }), auditor: 'allowed' },
  // any customer's statements, read-only (issue 19)
  {
    method: 'get',
    path: '/api/admin/users/{id}/statements',
    params: (f) => ({ id: f.customerId }),
    auditor: 'allowed',
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}/statements/{month}.csv',
    params: (f) => ({ id: f.customerId, month: CURRENT_MONTH }),
    auditor: 'allowed',
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}/statements/{month}.pdf',
    params: (f) => ({ id: f.customerId, month: CURRENT_MONTH }),
    auditor: 'allowed',
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}/statements/{year}/interest.pdf',
    params: (f) => ({ id: f.customerId, year: CURRENT_MONTH.slice(0, 4) }),
    auditor: 'allowed',
  },
  // four eyes (issue 17): auditors read approvals, only admins decide
  { method: 'get', path: '/api/admin/approvals', auditor: 'allowed' },
  {
    method: 'post',
    path: '/api/admin/approvals/{id}/approve',
    params: (f) => ({ id: f.approvalId }),
    auditor: 'forbidden',
  },
  {
    method: 'post',
    path: '/api/admin/approvals/{id}/reject',
    params: (f) => ({ id: f.approvalId }),
    body: { reason: 'not today' },
    auditor: 'forbidden',
  },
  // payout files (issue of the jobs engineer): admin-only, even for reading
  { method: 'get', path: '/api/admin/payouts', auditor: 'forbidden' },
  { method: 'get', path: '/api/admin/payouts/{id}/csv', params: () => ({ id: 1 }), auditor: 'forbidden' },
  { method: 'get', path: '/api/admin/payouts/{id}/xml', params: () => ({ id: 1 }), auditor: 'forbidden' },
  // the BullMQ dashboard is plain Express (not in the OpenAPI document)
  { method: 'get', path: '/api/admin/queues', auditor: 'forbidden' },
];

const CURRENT_MONTH = new Date().toISOString().slice(0, 7);

const label = (route: RouteCase) => `${route.method.toUpperCase()} ${route.path}`;

// the project's testTimeout is not applied per project; real HTTP races need more than 5 s
jest.setTimeout(60_000);

describe('back-office and audit access by role', () => {
  let app: TestApp;
  let admin: TestActor;
  let customer: TestActor;
  let auditor: TestActor;
  let fixtures: Fixtures;

  function url(route: RouteCase): string {
    const params = route.params?.(fixtures) ?? {};
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
    return route.query ? `${path}?${route.query(fixtures)}` : path;
  }

  function send(agent: ReturnType<typeof request.agent> | ReturnType<typeof request>, route: RouteCase) {
    const body =
      route.path === '/api/admin/deposits/confirm' ? { ...route.body, userId: fixtures.customerId } : route.body;
    const call = agent[route.method](url(route));
    return body ? call.send(body) : call;
  }

  beforeAll(async () => {
    // four eyes on (at 10,000 USD): one approval is a fixture; the other moves stay below it
    app = await startTestApp({ FOUR_EYES_THRESHOLD: '10000' });
    admin = await signedIn(app, 'admin', 'Access Admin');
    customer = await signedIn(app, 'customer', 'Access Customer');
    auditor = await signedIn(app, 'auditor', 'Access Auditor');
    const commands = app.app.get(CommandBus);
    const funded = await fundedCustomer(app, 'Funded Customer', '5000.00', admin.id);
    const withdrawal = await commands.execute(
      new RequestWithdrawalCommand(funded, '1500.00', testContext('user', funded)),
    );
    const depositRequest = await commands.execute(
      new RequestDepositCommand(funded, '2000.00', testContext('user', funded)),
    );
    const post = await admin.agent.post('/api/admin/blog/posts').send({ title: 'Access', content: 'x' }).expect(201);
    const approval = await admin.agent
      .patch(`/api/admin/users/${funded}/balance`)
      .send({ amount: '20000.00', operation: 'add' })
      .expect(202);
    const [notification] = await app.app
      .get<Sql>(SQL)
      .query<{ id: string }>('select id::text from admin_notifications order by id limit 1');
    fixtures = {
      customerId: funded,
      withdrawalId: (withdrawal as { withdrawal: { id: number } }).withdrawal.id,
      depositRequestId: (depositRequest as { depositRequest: { id: number } }).depositRequest.id,
      notificationId: Number(notification.id),
      blogPostId: post.body.id,
      verifyRunId: Number((await admin.agent.post('/api/audit/verify-runs').expect(202)).body.run.id),
      approvalId: approval.body.approval.id,
    };
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  it('covers every /api/admin and /api/audit route of the OpenAPI document', async () => {
    const doc = await request(app.server).get('/api/docs-json').expect(200);
    const documented = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/admin') || path.startsWith('/api/audit'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const table = new Set(ROUTES.map(label));
    expect(documented.filter((route) => !table.has(route))).toEqual([]);
    expect(documented.length).toBeGreaterThanOrEqual(ROUTES.length - 1);
  });

  it('documents every back-office, blog authoring and audit operation: summary, success, 401 and 403', async () => {
    const doc = await request(app.server).get('/api/docs-json').expect(200);
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(
      doc.body.paths as Record<string, Record<string, { summary?: string; responses?: Record<string, unknown> }>>,
    )) {
      if (!path.startsWith('/api/admin') && !path.startsWith('/api/audit')) continue;
      // payout files belong to the jobs issue (their CSV/XML downloads document no 2xx yet)
      if (path.startsWith('/api/admin/payouts')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const codes = Object.keys(operation.responses ?? {});
        if (!operation.summary) problems.push(`${method} ${path}: no summary`);
        if (!codes.some((code) => code.startsWith('2'))) problems.push(`${method} ${path}: no success response`);
        if (!codes.includes('401') || !codes.includes('403')) problems.push(`${method} ${path}: no 401/403`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(ROUTES.map((route) => [label(route), route] as const))('%s: 401 without a session', async (_, route) => {
    const response = await send(request(app.server), route);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Authentication required' });
  });

  it('refuses customers with 403 on every route and changes nothing', async () => {
    const before = await backOfficeSnapshot(app);
    for (const route of ROUTES) {
      const response = await send(customer.agent, route);
      expect({ route: label(route), status: response.status, body: response.body }).toEqual({
        route: label(route),
        status: 403,
        body: { message: 'Admin access required' },
      });
    }
    expect(await backOfficeSnapshot(app)).toEqual(before);
  });

  it('lets auditors read and refuses every change with 403, changing nothing', async () => {
    const before = await backOfficeSnapshot(app);
    for (const route of ROUTES) {
      const response = await send(auditor.agent, route);
      if (route.auditor === 'forbidden') {
        expect({ route: label(route), status: response.status, body: response.body }).toEqual({
          route: label(route),
          status: 403,
          body: { message: 'Admin access required' },
        });
      } else {
        // starting a verify run answers 202 (a background job)
        const ok = route.method === 'post' ? 202 : 200;
        expect({ route: label(route), status: response.status }).toEqual({ route: label(route), status: ok });
      }
    }
    expect(await backOfficeSnapshot(app)).toEqual(before);
  });

  it('refuses an admin mutation sent from a foreign site (Origin) with 403 and changes nothing', async () => {
    const before = await backOfficeSnapshot(app);
    for (const route of ROUTES.filter((r) => r.method !== 'get')) {
      const response = await send(admin.agent, route).set('Origin', 'https://evil.example');
      expect({ route: label(route), status: response.status }).toEqual({ route: label(route), status: 403 });
    }
    expect(await backOfficeSnapshot(app)).toEqual(before);
  });

  it('lets admins read every list', async () => {
    for (const route of ROUTES.filter((r) => r.method === 'get' && r.auditor === 'allowed')) {
      const response = await send(admin.agent, route);
      expect({ route: label(route), status: response.status }).toEqual({ route: label(route), status: 200 });
    }
  });
});
