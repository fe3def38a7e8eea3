import { CommandBus, QueryBus } from '@nestjs/cqrs';
import request from 'supertest';
import {
  AccrueInterestBatchCommand,
  AdjustBalanceCommand,
  ApproveWithdrawalCommand,
  GetInvestorDailyQuery,
  GetPlatformDailyQuery,
  RequestDepositCommand,
  RequestWithdrawalCommand,
  type CommandContext,
} from '@savings/application';
import type {
  AdminDepositRequestsResponse,
  AdminTransactionsResponse,
  AdminWithdrawalsResponse,
  InvestorDailyResponse,
  PlatformDailyResponse,
  SessionResponse,
} from '@savings/contracts';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  expectLedgerVerifies,
  fundedCustomer,
  signedIn,
  TEST_PASSWORD,
  testContext,
  type TestActor,
} from '../../test/back-office';

jest.setTimeout(120_000);

const SYSTEM: CommandContext = { actor: { kind: 'system', id: 'test' }, correlationId: 'paging-e2e' };
/** YYYY-MM-DD `offset` days from today (UTC, the test app's APP_TIMEZONE). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('the back office at scale: paged lists, charts, the session probe', () => {
  let app: TestApp;
  let admin: TestActor;
  const customers: number[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedIn(app, 'admin', 'Paging Admin');
    const commands = app.app.get(CommandBus);
    // 12 customers with 5 deposit requests each (60, the most a customer may have pending is 5) and one
    // pending withdrawal each; "Zed" has the only approved one
    for (let i = 0; i < 12; i += 1) {
      const name = i === 11 ? 'Zed Quigley' : `Customer ${String(i).padStart(2, '0')}`;
      const id = await fundedCustomer(app, name, '5000.00', admin.id);
      customers.push(id);
      for (let r = 0; r < 5; r += 1) {
        await commands.execute(new RequestDepositCommand(id, `${1000 + i * 10 + r}.00`, testContext('user', id)));
      }
      await commands.execute(new RequestWithdrawalCommand(id, '1000.00', testContext('user', id)));
    }
    const zed = customers[11];
    await commands.execute(new RequestWithdrawalCommand(zed, '1500.00', testContext('user', zed)));
    const list = await admin.agent.get(`/api/admin/withdrawals?userId=${zed}`).expect(200);
    const newest = (list.body as AdminWithdrawalsResponse).withdrawals[0];
    await commands.execute(new ApproveWithdrawalCommand(newest.id, testContext('admin', admin.id)));
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  describe('paged lists', () => {
    it('gives deposit requests 50 at a time, newest first, with the number matching', async () => {
      const first = (await admin.agent.get('/api/admin/deposit-requests').expect(200))
        .body as AdminDepositRequestsResponse;
      expect(first.depositRequests).toHaveLength(50);
      expect(first.total).toBe(60);
      const second = (await admin.agent.get('/api/admin/deposit-requests?offset=50').expect(200))
        .body as AdminDepositRequestsResponse;
      expect(second.depositRequests).toHaveLength(10);
      expect(second.total).toBe(60);
      const all = [...first.depositRequests, ...second.depositRequests];
      expect(new Set(all.map((item) => item.id)).size).toBe(60);
      const times = all.map((item) => Date.parse(item.requestedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // the newest was filed by the last customer
      expect(first.depositRequests[0]).toMatchObject({ userId: customers[11], userReferenceCode: expect.any(String) });
    });

    it('filters by customer id, by part of the name, e-mail or reference code, and by status', async () => {
      const byId = (await admin.agent.get(`/api/admin/deposit-requests?userId=${customers[3]}`).expect(200))
        .body as AdminDepositRequestsResponse;
      expect(byId.total).toBe(5);
      expect(byId.depositRequests.every((item) => item.userId === customers[3])).toBe(true);
      const byName = (await admin.agent.get('/api/admin/deposit-requests?q=QUIGLEY').expect(200))
        .body as AdminDepositRequestsResponse;
      expect(byName.total).toBe(5);
      expect(byName.depositRequests.map((item) => item.userName)).toEqual(Array(5).fill('Zed Quigley'));
      const code = byName.depositRequests[0].userReferenceCode ?? '';
      const byCode = (await admin.agent.get(`/api/admin/deposit-requests?q=${code.toLowerCase()}`).expect(200))
        .body as AdminDepositRequestsResponse;
      expect(byCode.total).toBe(5);
      const none = (await admin.agent.get('/api/admin/deposit-requests?status=confirmed').expect(200))
        .body as AdminDepositRequestsResponse;
      expect(none).toEqual({ depositRequests: [], total: 0 });

      const pending = (await admin.agent.get('/api/admin/withdrawals').expect(200)).body as AdminWithdrawalsResponse;
      expect(pending.total).toBe(12);
      expect(pending.withdrawals.every((item) => item.status === 'pending')).toBe(true);
      expect(pending.withdrawals[0]).toMatchObject({ userSwift: 'NWBKGB2L', userIban: 'GB82WEST12345698765432' });
      const zed = (await admin.agent.get('/api/admin/withdrawals?status=all&q=zed').expect(200))
        .body as AdminWithdrawalsResponse;
      expect(zed.withdrawals.map((item) => [item.status, item.amount])).toEqual([
        ['processed', 1500],
        ['pending', 1000],
      ]);
    });

    it('pages the transaction history and filters it by customer and kind', async () => {
      const all = (await admin.agent.get('/api/admin/transactions?limit=5').expect(200))
        .body as AdminTransactionsResponse;
      // 12 opening deposits and one approved withdrawal
      expect(all.total).toBe(13);
      expect(all.transactions).toHaveLength(5);
      expect(all.transactions[0]).toMatchObject({ kind: 'withdrawal', type: 'subtract', amount: 1500 });
      const deposits = (await admin.agent.get('/api/admin/transactions?kind=deposit&q=customer 0').expect(200))
        .body as AdminTransactionsResponse;
      expect(deposits.total).toBe(10);
      expect(deposits.transactions.every((item) => item.kind === 'deposit')).toBe(true);
      const beyond = (await admin.agent.get('/api/admin/transactions?offset=100').expect(200))
        .body as AdminTransactionsResponse;
      expect(beyond).toEqual({ transactions: [], total: 13 });
    });

    it.each([
      '/api/admin/withdrawals?limit=51',
      '/api/admin/deposit-requests?limit=0',
      '/api/admin/transactions?limit=1000',
      '/api/admin/transactions?kind=interest',
      '/api/admin/withdrawals?userId=abc',
      '/api/admin/deposit-requests?q=',
      `/api/admin/withdrawals?q=${'x'.repeat(101)}`,
    ])('refuses %s with 400', async (path) => {
      const response = await admin.agent.get(path);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    });
  });

  describe('charts', () => {
    it('gives the platform 90 days, totals ending at the sum of the balances, flows per day', async () => {
      const response = await admin.agent.get('/api/admin/charts/daily').expect(200);
      const { days } = response.body as PlatformDailyResponse;
      expect(days).toHaveLength(90);
      expect(days.at(-1)).toEqual({
        date: day(0),
        totalBalance: 12 * 5000 - 1500,
        deposits: 12 * 5000,
        withdrawals: 1500,
        interest: 0,
      });
      expect(days[0]).toMatchObject({ date: day(-89), totalBalance: 0, deposits: 0 });
      await request(app.server).get('/api/admin/charts/daily').expect(401);
    });

    it('follows interest and adjustments day by day for a customer and for the platform, exactly', async () => {
      const commands = app.app.get(CommandBus);
      const queries = app.app.get(QueryBus);
      const id = await fundedCustomer(app, 'Chart Saver', '100000.00', admin.id);
      // two future accrual dates (after the deposit, whatever the hour), then a removal
      for (const date of [day(1), day(2)])
        await commands.execute(new AccrueInterestBatchCommand(date, id, id + 1, SYSTEM));
      await commands.execute(new AdjustBalanceCommand(id, '0.35', 'subtract', null, testContext('admin', admin.id)));
      const later = new Date(Date.now() + 2 * 86_400_000);
      const mine = await queries.execute<GetInvestorDailyQuery, InvestorDailyResponse>(
        new GetInvestorDailyQuery(id, 4, later),
      );
      // 19.17 then 19.18 (the carried 0.8 cent); the removal happened today
      expect(mine.days).toEqual([
        { date: day(-1), balance: 0, interest: 0 },
        { date: day(0), balance: 99999.65, interest: 0 },
        { date: day(1), balance: 100018.82, interest: 19.17 },
        { date: day(2), balance: 100038, interest: 19.18 },
      ]);
      const platform = await queries.execute<GetPlatformDailyQuery, PlatformDailyResponse>(
        new GetPlatformDailyQuery(3, later),
      );
      expect(platform.days.map((point) => [point.date, point.interest])).toEqual([
        [day(0), 0],
        [day(1), 19.17],
        [day(2), 19.18],
      ]);
      expect(platform.days.at(-1)?.totalBalance).toBe(12 * 5000 - 1500 + 100038);

      await request(app.server).get('/api/user/charts/daily').expect(401);
      const customer = await signedIn(app, 'customer', 'Chart Newcomer');
      const fresh = (await customer.agent.get('/api/user/charts/daily').expect(200)).body as InvestorDailyResponse;
      expect(fresh.days).toHaveLength(90);
      expect(fresh.days.at(-1)?.date).toBe(day(0));
      expect(fresh.days.every((point) => point.balance === 0 && point.interest === 0)).toBe(true);
    });
  });

  describe('GET /api/auth/session', () => {
    it('answers 200 with no user when signed out, and the user when signed in', async () => {
      const anonymous = await request(app.server).get('/api/auth/session').expect(200);
      expect(anonymous.body).toEqual({ user: null });
      await request(app.server).get('/api/auth/me').expect(401);

      const agent = request.agent(app.server);
      await agent.post('/api/auth/login').send({ email: admin.email, password: TEST_PASSWORD }).expect(200);
      const signedInBody = (await agent.get('/api/auth/session').expect(200)).body as SessionResponse;
      const me = await agent.get('/api/auth/me').expect(200);
      expect(signedInBody).toEqual(me.body);
      expect(signedInBody.user).toMatchObject({ id: admin.id, isAdmin: true });

      await agent.post('/api/auth/logout').expect(204);
      expect((await agent.get('/api/auth/session').expect(200)).body).toEqual({ user: null });
    });
  });
});
