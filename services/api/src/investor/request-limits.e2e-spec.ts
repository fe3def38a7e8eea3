import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { SQL } from '@savings/application';
import { Messages } from '@savings/contracts';
import type { Sql } from '@savings/database';
import {
  backOfficeSnapshot,
  balanceCents,
  expectLedgerVerifies,
  fundedCustomer,
  signedIn,
  TEST_PASSWORD,
  type TestActor,
} from '../../test/back-office';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * api-contract.md section 8: at most 5 pending deposit requests and 5 pending withdrawals per customer
 * (409 after), and no balance above 1,000,000,000,000.00 (400, nothing moves), through the real API
 * and database, also when the requests arrive at once.
 */
describe('request limits and the balance ceiling', () => {
  let app: TestApp;
  let admin: TestActor;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedIn(app, 'admin', 'Limits Admin');
  });
  afterAll(() => app.close());

  /** A signed-in agent of an existing customer. */
  async function sessionOf(userId: number): Promise<ReturnType<typeof request.agent>> {
    const agent = request.agent(app.server);
    const [row] = await app.app
      .get<Sql>(SQL)
      .query<{ email: string }>('select email from users where id = $1', [userId]);
    await agent.post('/api/auth/login').send({ email: row.email, password: TEST_PASSWORD }).expect(200);
    return agent;
  }

  async function customerSession(deposit: string): Promise<{ id: number; agent: ReturnType<typeof request.agent> }> {
    const id = await fundedCustomer(app, `Limits ${randomBytes(3).toString('hex')}`, deposit, admin.id);
    return { id, agent: await sessionOf(id) };
  }

  it('10 deposit requests sent at once: exactly 5 pending, the rest 409, one notification each', async () => {
    const { id, agent } = await customerSession('0.00');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => agent.post('/api/user/deposit-request').send({ amount: 1000 })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expect(refused.body).toEqual({ message: Messages.tooManyDepositRequests });
    }
    const list = await agent.get('/api/user/deposit-requests').expect(200);
    expect(list.body.depositRequests.filter((item: { status: string }) => item.status === 'pending')).toHaveLength(5);
    const notifications = await admin.agent.get('/api/admin/notifications').expect(200);
    expect(
      notifications.body.notifications.filter(
        (n: { userId: number; type: string }) => n.userId === id && n.type === 'deposit_request',
      ),
    ).toHaveLength(5);

    // closing one (an admin delete) makes room for exactly one more
    const pending = list.body.depositRequests[0].id as number;
    await admin.agent
      .delete(`/api/admin/deposit-requests/${pending}`)
      .expect((r) => expect(r.status).toBeLessThan(300));
    await agent.post('/api/user/deposit-request').send({ amount: 1000 }).expect(201);
    await agent.post('/api/user/deposit-request').send({ amount: 1000 }).expect(409);
  });

  it('10 withdrawals sent at once: exactly 5 pending; approving one makes room for one more', async () => {
    const { agent } = await customerSession('20000.00');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => agent.post('/api/user/withdrawal').send({ amount: 1000 })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      201, 201, 201, 201, 201, 409, 409, 409, 409, 409,
    ]);
    expect(responses.find((response) => response.status === 409)?.body).toEqual({
      message: Messages.tooManyWithdrawals,
    });
    const first = responses.find((response) => response.status === 201)?.body.withdrawal.id as number;
    await admin.agent.patch(`/api/admin/withdrawals/${first}/approve`).expect(200);
    await agent.post('/api/user/withdrawal').send({ amount: 1000 }).expect(201);
    await agent.post('/api/user/withdrawal').send({ amount: 1000 }).expect(409);
  });

  it('refuses every credit that would take a balance above 1,000,000,000,000.00, moving nothing', async () => {
    const customerId = await fundedCustomer(app, 'Ceiling Customer', '999999999999.00', admin.id);
    const before = await backOfficeSnapshot(app);
    const adjust = await admin.agent
      .patch(`/api/admin/users/${customerId}/balance`)
      .send({ amount: '1.01', operation: 'add' })
      .expect(400);
    expect(adjust.body.message).toBe(Messages.balanceCeiling);
    await admin.agent.post('/api/admin/deposits/confirm').send({ userId: customerId, amount: 1000 }).expect(400);
    expect(await backOfficeSnapshot(app)).toEqual(before);

    // a deposit request that would go over can be filed but not confirmed
    const agent = await sessionOf(customerId);
    const filed = await agent.post('/api/user/deposit-request').send({ amount: 1000 }).expect(201);
    const confirm = await admin.agent
      .patch(`/api/admin/deposit-requests/${filed.body.depositRequest.id}/confirm`)
      .send({})
      .expect(400);
    expect(confirm.body.message).toBe(Messages.balanceCeiling);

    // exactly up to the ceiling is fine
    await admin.agent
      .patch(`/api/admin/users/${customerId}/balance`)
      .send({ amount: '1.00', operation: 'add' })
      .expect(200);
    expect(await balanceCents(app, customerId)).toBe(100_000_000_000_000n);
    const dashboard = await agent.get('/api/user/dashboard').expect(200);
    expect(dashboard.body.user.balance).toBe(1_000_000_000_000);
    await expectLedgerVerifies(app);
  });
});
