import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { RequestDepositCommand, RequestWithdrawalCommand, SQL } from '@savings/application';
import {
  forbiddenCharactersMessage,
  Messages,
  type AdminTransactionsResponse,
  type AdminUsersResponse,
} from '@savings/contracts';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  backOfficeSnapshot,
  balanceCents,
  expectLedgerVerifies,
  fundedCustomer,
  insertUser,
  signedIn,
  testContext,
  type TestActor,
} from '../../test/back-office';

// the project's testTimeout is not applied per project; real HTTP races need more than 5 s
jest.setTimeout(60_000);

describe('back-office money calls', () => {
  let app: TestApp;
  let admin: TestActor;
  let commands: CommandBus;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedIn(app, 'admin', 'Money Admin');
    commands = app.app.get(CommandBus);
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  async function pendingWithdrawal(userId: number, amount = '1500.00'): Promise<number> {
    const result = await commands.execute<RequestWithdrawalCommand, { withdrawal: { id: number } }>(
      new RequestWithdrawalCommand(userId, amount, testContext('user', userId)),
    );
    return result.withdrawal.id;
  }

  async function pendingDepositRequest(userId: number, amount = '2000.00'): Promise<number> {
    const result = await commands.execute<RequestDepositCommand, { depositRequest: { id: number } }>(
      new RequestDepositCommand(userId, amount, testContext('user', userId)),
    );
    return result.depositRequest.id;
  }

  /** Runs a refused call and checks that it changed nothing at all. */
  async function expectRefusedUnchanged(call: () => Promise<request.Response>, status: number): Promise<string> {
    const before = await backOfficeSnapshot(app);
    const response = await call();
    expect(response.status).toBe(status);
    expect(typeof response.body.message).toBe('string');
    expect(await backOfficeSnapshot(app)).toEqual(before);
    return response.body.message;
  }

  describe('balance add and subtract', () => {
    it('adds and subtracts, recording an admin transaction with both names, newest first', async () => {
      const userId = await fundedCustomer(app, 'Ada Adjust', '1000.00', admin.id);
      const added = await admin.agent
        .patch(`/api/admin/users/${userId}/balance`)
        .send({ amount: '100.50', operation: 'add', note: 'goodwill' })
        .expect(200);
      expect(added.body.user).toMatchObject({ id: userId, balance: 1100.5 });
      expect(added.body.transaction).toMatchObject({
        type: 'add',
        amount: 100.5,
        balanceBefore: 1000,
        balanceAfter: 1100.5,
      });

      await admin.agent
        .patch(`/api/admin/users/${userId}/balance`)
        .send({ amount: 0.5, operation: 'subtract' })
        .expect(200);
      expect(await balanceCents(app, userId)).toBe(110000n);

      const list = await admin.agent.get(`/api/admin/transactions?userId=${userId}`).expect(200);
      const transactions = (list.body as AdminTransactionsResponse).transactions;
      expect(transactions.map((t) => [t.type, t.amount])).toEqual([
        ['subtract', 0.5],
        ['add', 100.5],
        ['add', 1000],
      ]);
      expect(transactions[1]).toMatchObject({
        userId,
        userName: 'Ada Adjust',
        adminId: admin.id,
        adminName: 'Money Admin',
        note: 'goodwill',
        kind: 'adjustment',
      });
    });

    it('refuses subtracting more than the available balance with 400 and moves nothing', async () => {
      const userId = await fundedCustomer(app, 'Sam Short', '1000.00', admin.id);
      await expectRefusedUnchanged(
        () => admin.agent.patch(`/api/admin/users/${userId}/balance`).send({ amount: 1000.01, operation: 'subtract' }),
        400,
      );
      // a pending withdrawal holds 1500 of 2000: only 500 is available
      const held = await fundedCustomer(app, 'Hal Held', '2000.00', admin.id);
      await pendingWithdrawal(held, '1500.00');
      await expectRefusedUnchanged(
        () => admin.agent.patch(`/api/admin/users/${held}/balance`).send({ amount: 500.01, operation: 'subtract' }),
        400,
      );
      expect(await balanceCents(app, held)).toBe(200000n);
    });

    it.each([
      ['a negative amount', { amount: -5, operation: 'add' }],
      ['zero', { amount: 0, operation: 'add' }],
      ['three decimals', { amount: '1000.001', operation: 'add' }],
      ['a word', { amount: 'abc', operation: 'add' }],
      ['Infinity as text', { amount: 'Infinity', operation: 'add' }],
      ['an unknown operation', { amount: 10, operation: 'multiply' }],
      ['an unknown field', { amount: 10, operation: 'add', balance: 1e9 }],
    ])('refuses %s with 400', async (what, body) => {
      // names are unique: one customer per case
      const userId = await insertUser(app, 'customer', `Val Idate (${what})`);
      await expectRefusedUnchanged(() => admin.agent.patch(`/api/admin/users/${userId}/balance`).send(body), 400);
    });

    it('judges a JSON number amount on its text as sent: one a double would round is 400 and moves nothing', async () => {
      const userId = await fundedCustomer(app, 'Pre Cision', '1000.00', admin.id);
      const send = (amount: string) =>
        admin.agent
          .patch(`/api/admin/users/${userId}/balance`)
          .set('Content-Type', 'application/json')
          .send(`{"amount":${amount},"operation":"add"}`);
      // JSON.parse reads the first two as 1000.01 and 1000: they were credited as such before issue 16
      for (const amount of ['1000.009999999999999999', '1000.0000000000000001', '1000.001', '999999999999.999999999']) {
        expect(await expectRefusedUnchanged(() => send(amount), 400)).toBe(Messages.invalidAmount);
      }
      // what a double holds exactly is judged as written: 1000.10 and 1e1 are $1,000.10 and $10
      await send('1000.10').expect(200);
      await send('1e1').expect(200);
      expect(await balanceCents(app, userId)).toBe(201010n);
    });

    it('refuses a note with control characters or direction overrides (400) and moves nothing', async () => {
      const userId = await fundedCustomer(app, 'Note Taker', '1000.00', admin.id);
      for (const note of ['refund\r\n2026-01-01;credit;999999', 'ok\u202Edetnuf', 'bell\u0007']) {
        const message = await expectRefusedUnchanged(
          () => admin.agent.patch(`/api/admin/users/${userId}/balance`).send({ amount: 10, operation: 'add', note }),
          400,
        );
        expect(message).toBe(forbiddenCharactersMessage('Note'));
      }
    });

    it('answers an unknown user with 404 and a bad id with 400', async () => {
      await expectRefusedUnchanged(
        () => admin.agent.patch('/api/admin/users/999999/balance').send({ amount: 10, operation: 'add' }),
        404,
      );
      await expectRefusedUnchanged(
        () => admin.agent.patch('/api/admin/users/99999999999999999999/balance').send({ amount: 10, operation: 'add' }),
        400,
      );
    });

    it('moves money once for a repeated Idempotency-Key and refuses the key with another body (409)', async () => {
      const userId = await fundedCustomer(app, 'Ida Empotent', '1000.00', admin.id);
      const call = (amount: number) =>
        admin.agent
          .patch(`/api/admin/users/${userId}/balance`)
          .set('Idempotency-Key', `adjust-${userId}`)
          .send({ amount, operation: 'add' });
      const first = await call(25).expect(200);
      await admin.agent.patch(`/api/admin/users/${userId}/balance`).send({ amount: 5, operation: 'add' }).expect(200);
      const again = await call(25).expect(200);
      expect(again.body).toEqual(first.body);
      expect(first.body.user.balance).toBe(1025);
      expect(await balanceCents(app, userId)).toBe(103000n);
      await expectRefusedUnchanged(() => call(26), 409);
    });
  });

  describe('direct deposit confirm', () => {
    it('credits the user and records the deposit with the reference code (201)', async () => {
      const userId = await insertUser(app, 'customer', 'Dee Posit');
      const response = await admin.agent
        .post('/api/admin/deposits/confirm')
        .send({ userId, amount: 2500.75, note: 'wire 123' })
        .expect(201);
      expect(response.body.deposit).toMatchObject({ userId, amount: 2500.75, note: 'wire 123', status: 'confirmed' });
      expect(await balanceCents(app, userId)).toBe(250075n);
      const [row] = await app.app
        .get<Sql>(SQL)
        .query<{ ok: boolean }>(
          'select d.reference_code = u.reference_code as ok from deposits d join users u on u.id = d.user_id where d.user_id = $1',
          [userId],
        );
      expect(row.ok).toBe(true);
    });

    it('refuses an unknown user with 404 and a bad amount with 400', async () => {
      await expectRefusedUnchanged(
        () => admin.agent.post('/api/admin/deposits/confirm').send({ userId: 999999, amount: 10 }),
        404,
      );
      const userId = await insertUser(app, 'customer', 'Bad Amount');
      await expectRefusedUnchanged(
        () => admin.agent.post('/api/admin/deposits/confirm').send({ userId, amount: '1e3' }),
        400,
      );
    });
  });

  describe('withdrawal state rules', () => {
    it('approves a pending withdrawal once: the balance is debited, a second approval is 409', async () => {
      const userId = await fundedCustomer(app, 'Wes Draw', '3000.00', admin.id);
      const id = await pendingWithdrawal(userId, '1200.00');
      const approved = await admin.agent.patch(`/api/admin/withdrawals/${id}/approve`).expect(200);
      expect(approved.body.withdrawal).toMatchObject({ id, status: 'processed', amount: 1200 });
      expect(approved.body.withdrawal.processedAt).not.toBeNull();
      expect(await balanceCents(app, userId)).toBe(180000n);
      await expectRefusedUnchanged(() => admin.agent.patch(`/api/admin/withdrawals/${id}/approve`), 409);

      const pending = await admin.agent.get('/api/admin/withdrawals').expect(200);
      expect(pending.body.withdrawals.map((w: { id: number }) => w.id)).not.toContain(id);
      const processed = await admin.agent.get('/api/admin/withdrawals?status=processed').expect(200);
      expect(processed.body.withdrawals).toContainEqual(
        expect.objectContaining({ id, userName: 'Wes Draw', userBeneficiary: 'Test Beneficiary' }),
      );
    });

    it('refuses approving, editing or deleting a deleted withdrawal with 409', async () => {
      const userId = await fundedCustomer(app, 'Del Eted', '3000.00', admin.id);
      const id = await pendingWithdrawal(userId);
      const deleted = await admin.agent.delete(`/api/admin/withdrawals/${id}`).expect(200);
      expect(deleted.body.withdrawal.status).toBe('cancelled');
      expect(deleted.body.account.availableBalance).toBe(3000);
      await expectRefusedUnchanged(() => admin.agent.patch(`/api/admin/withdrawals/${id}/approve`), 409);
      await expectRefusedUnchanged(
        () => admin.agent.patch(`/api/admin/withdrawals/${id}/edit`).send({ amount: 1000 }),
        409,
      );
      await expectRefusedUnchanged(() => admin.agent.delete(`/api/admin/withdrawals/${id}`), 409);
      expect(await balanceCents(app, userId)).toBe(300000n);
    });

    it('edits a pending amount within 1000 and the available balance, else 400', async () => {
      const userId = await fundedCustomer(app, 'Ed It', '3000.00', admin.id);
      const id = await pendingWithdrawal(userId, '1500.00');
      const message = await expectRefusedUnchanged(
        () => admin.agent.patch(`/api/admin/withdrawals/${id}/edit`).send({ amount: 999.99 }),
        400,
      );
      expect(message).toBe('Minimum withdrawal amount is $1,000');
      await expectRefusedUnchanged(
        () => admin.agent.patch(`/api/admin/withdrawals/${id}/edit`).send({ amount: 3000.01 }),
        400,
      );
      const edited = await admin.agent.patch(`/api/admin/withdrawals/${id}/edit`).send({ amount: '2500' }).expect(200);
      expect(edited.body.withdrawal.amount).toBe(2500);
      expect(edited.body.account.availableBalance).toBe(500);
    });

    it('refuses approval without banking details (400) and unknown ids (404)', async () => {
      const userId = await fundedCustomer(app, 'No Bank', '3000.00', admin.id);
      const id = await pendingWithdrawal(userId);
      await app.app
        .get<Sql>(SQL)
        .query('update users set beneficiary_name = null, iban = null where id = $1', [userId]);
      const message = await expectRefusedUnchanged(
        () => admin.agent.patch(`/api/admin/withdrawals/${id}/approve`),
        400,
      );
      expect(message).toBe('Banking details required to approve');
      await expectRefusedUnchanged(() => admin.agent.patch('/api/admin/withdrawals/999999/approve'), 404);
      await expectRefusedUnchanged(() => admin.agent.delete('/api/admin/withdrawals/999999'), 404);
    });
  });

  describe('deposit request state rules', () => {
    it('confirms a pending request once (credits it), then 409 for confirm, edit and delete', async () => {
      const userId = await fundedCustomer(app, 'Req Uest', '0.00', admin.id);
      const id = await pendingDepositRequest(userId, '2000.00');
      const listed = await admin.agent.get('/api/admin/deposit-requests').expect(200);
      expect(listed.body.depositRequests).toContainEqual(
        expect.objectContaining({ id, status: 'pending', amount: 2000, userName: 'Req Uest' }),
      );
      const confirmed = await admin.agent
        .patch(`/api/admin/deposit-requests/${id}/confirm`)
        .send({ note: 'arrived' })
        .expect(200);
      expect(confirmed.body.depositRequest).toMatchObject({ id, status: 'confirmed' });
      expect(await balanceCents(app, userId)).toBe(200000n);
      await expectRefusedUnchanged(() => admin.agent.patch(`/api/admin/deposit-requests/${id}/confirm`).send({}), 409);
      await expectRefusedUnchanged(
        () => admin.agent.patch(`/api/admin/deposit-requests/${id}/edit`).send({ amount: 3000 }),
        409,
      );
      await expectRefusedUnchanged(() => admin.agent.delete(`/api/admin/deposit-requests/${id}`), 409);
      const after = await admin.agent.get('/api/admin/deposit-requests').expect(200);
      expect(after.body.depositRequests.map((d: { id: number }) => d.id)).not.toContain(id);
    });

    it('confirms with no body at all (the note is optional)', async () => {
      const userId = await fundedCustomer(app, 'No Body', '0.00', admin.id);
      const id = await pendingDepositRequest(userId, '1000.00');
      await admin.agent.patch(`/api/admin/deposit-requests/${id}/confirm`).expect(200);
      expect(await balanceCents(app, userId)).toBe(100000n);
    });

    it('edits a pending amount (below 1000 is 400), deletes it as cancelled, then confirm is 409', async () => {
      const userId = await fundedCustomer(app, 'Edna Dit', '0.00', admin.id);
      const id = await pendingDepositRequest(userId, '2000.00');
      const message = await expectRefusedUnchanged(
        () => admin.agent.patch(`/api/admin/deposit-requests/${id}/edit`).send({ amount: 999 }),
        400,
      );
      expect(message).toBe('Minimum deposit amount is $1,000');
      const edited = await admin.agent
        .patch(`/api/admin/deposit-requests/${id}/edit`)
        .send({ amount: 1000 })
        .expect(200);
      expect(edited.body.depositRequest.amount).toBe(1000);
      const deleted = await admin.agent.delete(`/api/admin/deposit-requests/${id}`).expect(200);
      expect(deleted.body.depositRequest.status).toBe('cancelled');
      await expectRefusedUnchanged(() => admin.agent.patch(`/api/admin/deposit-requests/${id}/confirm`).send({}), 409);
      const cancelled = await admin.agent.get('/api/admin/deposit-requests?status=cancelled').expect(200);
      expect(cancelled.body.depositRequests.map((d: { id: number }) => d.id)).toContain(id);
      expect(await balanceCents(app, userId)).toBe(0n);
      await expectRefusedUnchanged(() => admin.agent.patch('/api/admin/deposit-requests/999999/confirm').send({}), 404);
    });
  });

  describe('races', () => {
    it('30 concurrent approvals of one withdrawal debit it once', async () => {
      const userId = await fundedCustomer(app, 'Race Approve', '5000.00', admin.id);
      const id = await pendingWithdrawal(userId, '1000.00');
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => admin.agent.patch(`/api/admin/withdrawals/${id}/approve`)),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(29);
      expect(await balanceCents(app, userId)).toBe(400000n);
      const [row] = await app.app
        .get<Sql>(SQL)
        .query<{ n: string }>(
          "select count(*)::text as n from ledger_events where type = 'WithdrawalApproved' and payload->>'withdrawalId' = $1",
          [String(id)],
        );
      expect(row.n).toBe('1');
    });

    it('40 concurrent subtracts of 100 on a balance of 1000: exactly 10 succeed, balance 0', async () => {
      const userId = await fundedCustomer(app, 'Race Subtract', '1000.00', admin.id);
      const responses = await Promise.all(
        Array.from({ length: 40 }, () =>
          admin.agent.patch(`/api/admin/users/${userId}/balance`).send({ amount: 100, operation: 'subtract' }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 400)).toHaveLength(30);
      expect(await balanceCents(app, userId)).toBe(0n);
    });

    it('50 concurrent adds of 0.01 sum exactly', async () => {
      const userId = await fundedCustomer(app, 'Race Add', '1000.00', admin.id);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          admin.agent.patch(`/api/admin/users/${userId}/balance`).send({ amount: 0.01, operation: 'add' }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(await balanceCents(app, userId)).toBe(100050n);
      const users = await admin.agent.get(`/api/admin/users?q=Race%20Add`).expect(200);
      expect((users.body as AdminUsersResponse).users[0].balance).toBe(1000.5);
    });
  });
});
