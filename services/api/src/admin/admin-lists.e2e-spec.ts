import { CommandBus, QueryBus } from '@nestjs/cqrs';
import request from 'supertest';
import { ListAdminUsersQuery, RequestDepositCommand, RequestWithdrawalCommand } from '@savings/application';
import type {
  AdminNotificationsResponse,
  AdminUsersResponse,
  AuditEvent,
  AuditEventsResponse,
  VerifyReport,
} from '@savings/contracts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { expectLedgerVerifies, fundedCustomer, signedIn, testContext, type TestActor } from '../../test/back-office';

jest.setTimeout(60_000);

describe('back-office lists, notifications and audit', () => {
  let app: TestApp;
  let admin: TestActor;
  let auditor: TestActor;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedIn(app, 'admin', 'Lists Admin');
    auditor = await signedIn(app, 'auditor', 'Lists Auditor');
    // balance -> monthly interest (balance * 7% / 12 rounded to the cent):
    // 1000.00 -> 5.83; 1234.56 -> 7.20 (7.2016); 100.06 -> 0.58 (0.58368); 0.86 -> 0.01 (0.005017)
    ids.carol = await fundedCustomer(app, 'carol', '1000.00', admin.id);
    ids.alice = await fundedCustomer(app, 'alice', '1234.56', admin.id);
    ids.bob = await fundedCustomer(app, 'Bob', '100.06', admin.id);
    ids.dave = await fundedCustomer(app, 'dave_%', '0.86', admin.id);
    const commands = app.app.get(CommandBus);
    await commands.execute(new RequestWithdrawalCommand(ids.carol, '1000.00', testContext('user', ids.carol)));
    await commands.execute(new RequestDepositCommand(ids.bob, '5000.00', testContext('user', ids.bob)));
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  describe('GET /api/admin/users', () => {
    it('lists every user by id with balances, monthly interest exact to the cent and database totals', async () => {
      const response = await admin.agent.get('/api/admin/users').expect(200);
      const body = response.body as AdminUsersResponse;
      expect(body.totalUsers).toBe(6);
      expect(body.totalBalance).toBe(2335.48);
      expect(body.totalMonthlyInterest).toBe(13.62);
      expect(body.users.map((u) => u.id)).toEqual([...body.users.map((u) => u.id)].sort((a, b) => a - b));
      const byName = Object.fromEntries(body.users.map((u) => [u.name, u]));
      expect(byName.carol).toMatchObject({
        balance: 1000,
        availableBalance: 0,
        monthlyInterest: 5.83,
        role: 'customer',
      });
      expect(byName.alice).toMatchObject({ balance: 1234.56, monthlyInterest: 7.2 });
      expect(byName.Bob).toMatchObject({ balance: 100.06, monthlyInterest: 0.58, iban: 'GB82WEST12345698765432' });
      expect(byName['dave_%']).toMatchObject({ balance: 0.86, monthlyInterest: 0.01 });
      expect(byName['Lists Admin']).toMatchObject({ balance: 0, monthlyInterest: 0, role: 'admin' });
      expect(JSON.stringify(body)).not.toMatch(/password/i);
    });

    it('sorts case-insensitively either way, pages, and keeps the totals global', async () => {
      const byName = await admin.agent.get('/api/admin/users?sort=name').expect(200);
      expect((byName.body as AdminUsersResponse).users.map((u) => u.name).slice(0, 4)).toEqual([
        'alice',
        'Bob',
        'carol',
        'dave_%',
      ]);
      const page = await admin.agent.get('/api/admin/users?sort=balance&order=desc&limit=2&offset=1').expect(200);
      const body = page.body as AdminUsersResponse & { matchingUsers: number };
      expect(body.users.map((u) => u.name)).toEqual(['carol', 'Bob']);
      expect(body.totalUsers).toBe(6);
      expect(body.matchingUsers).toBe(6);
      expect(body.totalBalance).toBe(2335.48);
    });

    it('searches name, e-mail and reference code, with LIKE wildcards taken literally', async () => {
      const search = await admin.agent.get('/api/admin/users?q=ALI').expect(200);
      expect((search.body as AdminUsersResponse).users.map((u) => u.name)).toEqual(['alice']);
      const literal = await admin.agent.get(`/api/admin/users?q=${encodeURIComponent('_%')}`).expect(200);
      expect((literal.body as AdminUsersResponse).users.map((u) => u.name)).toEqual(['dave_%']);
      const all = (await admin.agent.get('/api/admin/users').expect(200)).body as AdminUsersResponse;
      const code = all.users.find((u) => u.name === 'Bob')?.referenceCode ?? '';
      const byCode = await admin.agent.get(`/api/admin/users?q=${code.toLowerCase()}`).expect(200);
      expect((byCode.body as AdminUsersResponse).users.map((u) => u.name)).toEqual(['Bob']);
    });

    it('serves the JSON written by PostgreSQL equal to the typed query result', async () => {
      const queries = app.app.get(QueryBus);
      for (const [query, options] of [
        ['', {}],
        [
          '?sort=monthlyInterest&order=desc&limit=3&offset=1&q=a',
          { sort: 'monthlyInterest', order: 'desc', limit: 3, offset: 1, q: 'a' },
        ],
        ['?q=nobody-matches', { q: 'nobody-matches' }],
      ] as const) {
        const response = await admin.agent.get(`/api/admin/users${query}`).expect(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const typed = await queries.execute(new ListAdminUsersQuery(options));
        expect(response.body).toEqual(JSON.parse(JSON.stringify(typed)));
      }
    });

    it.each(['sort=password', 'order=sideways', 'limit=0', 'limit=abc', 'offset=-1', 'limit=10001', 'extra=1'])(
      'refuses ?%s with 400',
      async (query) => {
        const response = await admin.agent.get(`/api/admin/users?${query}`);
        expect(response.status).toBe(400);
        expect(typeof response.body.message).toBe('string');
      },
    );
  });

  describe('notifications', () => {
    it('lists the request notifications newest first with the unread count, and marks them read', async () => {
      const list = await admin.agent.get('/api/admin/notifications').expect(200);
      const body = list.body as AdminNotificationsResponse;
      expect(body.unread).toBe(2);
      expect(body.notifications.map((n) => [n.type, n.userId])).toEqual([
        ['deposit_request', ids.bob],
        ['withdrawal_request', ids.carol],
      ]);
      const [first] = body.notifications;
      const read = await admin.agent.patch(`/api/admin/notifications/${first.id}/read`).expect(200);
      expect(read.body).toMatchObject({ id: first.id, isRead: true });
      await admin.agent.patch(`/api/admin/notifications/${first.id}/read`).expect(200);
      const after = (await admin.agent.get('/api/admin/notifications').expect(200)).body as AdminNotificationsResponse;
      expect(after.unread).toBe(1);
      const unreadOnly = await auditor.agent.get('/api/admin/notifications?unreadOnly=true').expect(200);
      expect(unreadOnly.body.notifications.map((n: { type: string }) => n.type)).toEqual(['withdrawal_request']);

      await admin.agent.patch('/api/admin/notifications/999999/read').expect(404);
      const all = await admin.agent.patch('/api/admin/notifications/read-all').expect(200);
      expect(all.body).toEqual({ marked: 1 });
      expect(((await admin.agent.get('/api/admin/notifications')).body as AdminNotificationsResponse).unread).toBe(0);
    });
  });

  describe('audit', () => {
    it('pages the whole log in seq order with hashes, for auditors', async () => {
      const seen: AuditEvent[] = [];
      let after = 0;
      for (let page = 0; page < 50; page += 1) {
        const response = await auditor.agent.get(`/api/audit/events?after=${after}&limit=2`).expect(200);
        const body = response.body as AuditEventsResponse;
        seen.push(...body.events);
        expect(body.events.length).toBeLessThanOrEqual(2);
        if (body.nextAfter === null) break;
        after = body.nextAfter;
      }
      const everything = (await auditor.agent.get('/api/audit/events?limit=1000').expect(200))
        .body as AuditEventsResponse;
      expect(seen.map((e) => e.seq)).toEqual(everything.events.map((e) => e.seq));
      expect(seen.length).toBe(6); // 4 deposits, 1 withdrawal request, 1 deposit request
      for (let i = 1; i < seen.length; i += 1) expect(seen[i].seq).toBeGreaterThan(seen[i - 1].seq);
      for (const event of seen) {
        expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(typeof event.prevHash).toBe('string');
        expect(event.streamId).toBeTruthy();
      }
      expect(seen.map((e) => e.type)).toContain('DepositConfirmed');
    });

    it.each(['limit=1001', 'limit=0', 'after=-1', 'after=x', 'page=2'])('refuses ?%s with 400', async (query) => {
      const response = await auditor.agent.get(`/api/audit/events?${query}`);
      expect(response.status).toBe(400);
    });

    it('runs the ledger checks and reports each', async () => {
      const response = await auditor.agent.get('/api/audit/verify').expect(200);
      const report = response.body as VerifyReport;
      expect(report.ok).toBe(true);
      expect(report.checks.length).toBeGreaterThanOrEqual(3);
      for (const check of report.checks) expect(check).toMatchObject({ ok: true, name: expect.any(String) });
    });

    it('is closed to customers and anonymous callers', async () => {
      await request(app.server).get('/api/audit/verify').expect(401);
    });
  });
});
