import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { AccrueInterestBatchCommand, ConfirmDepositCommand, SQL, type CommandContext } from '@savings/application';
import { amountExceedsAvailable, forbiddenCharactersMessage, Messages } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../../test/test-app';

const IBAN = 'DE89 3704 0044 0532 0130 00';
const BANKING = { beneficiaryName: 'Ada Lovelace', iban: IBAN, swift: 'COBADEFFXXX' };
const SYSTEM: CommandContext = { actor: { kind: 'system', id: 'test' }, correlationId: 'investor-e2e' };

describe('investor API (/api/user/*)', () => {
  let t: TestApp;
  let sql: Sql;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp();
    sql = t.app.get<Sql>(SQL);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh customer with a session; optionally with money and banking details. */
  async function customer(options: { deposit?: string; banking?: boolean } = {}) {
    counter += 1;
    const agent = request.agent(t.server);
    const email = `investor${counter}@example.com`;
    const registered = await agent
      .post('/api/auth/register')
      .send({ name: `Investor ${counter}`, email, password: 'secret-1' })
      .expect(201);
    const id = registered.body.user.id as number;
    if (options.deposit) {
      await t.app.get(CommandBus).execute(new ConfirmDepositCommand(id, options.deposit, null, SYSTEM));
    }
    if (options.banking) await agent.put('/api/user/banking-details').send(BANKING).expect(200);
    return { agent, id, email };
  }

  const count = async (table: string, userId: number) =>
    Number(
      (await sql.query<{ n: string }>(`select count(*)::text as n from ${table} where user_id = $1`, [userId]))[0].n,
    );

  describe('without a session', () => {
    it.each([
      ['get', '/api/user/dashboard'],
      ['get', '/api/user/admin-transactions'],
      ['get', '/api/user/deposit-requests'],
      ['get', '/api/user/withdrawals'],
      ['get', '/api/user/interest-payments'],
      ['post', '/api/user/deposit-request'],
      ['post', '/api/user/withdrawal'],
      ['put', '/api/user/banking-details'],
      ['put', '/api/user/change-password'],
    ] as const)('%s %s is 401', async (method, path) => {
      const response = await request(t.server)[method](path).send({ amount: 1000 });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: Messages.authenticationRequired });
    });
  });

  it('dashboard: balance, available balance, monthly interest and next credit instant', async () => {
    const { agent, id, email } = await customer({ deposit: '12000.00' });
    const response = await agent.get('/api/user/dashboard').expect(200);
    expect(response.body).toEqual({
      user: {
        id,
        name: expect.any(String),
        email,
        balance: 12000,
        availableBalance: 12000,
        referenceCode: expect.stringMatching(/^[2-9A-Z]{8}$/),
      },
      monthlyInterest: 70,
      nextInterestAt: expect.stringMatching(/T10:00:00\.000Z$/),
    });
    const next = Date.parse(response.body.nextInterestAt);
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body.user.balance).toBe(12000);
  });

  it('monthly interest is rounded to cents exactly', async () => {
    const { agent } = await customer({ deposit: '1000.00' });
    const response = await agent.get('/api/user/dashboard').expect(200);
    expect(response.body.monthlyInterest).toBe(5.83);
  });

  it('admin-transactions lists the account activity in the contract shape', async () => {
    const { agent } = await customer({ deposit: '2500.50' });
    const response = await agent.get('/api/user/admin-transactions').expect(200);
    expect(Array.isArray(response.body.transactions)).toBe(true);
    for (const item of response.body.transactions) {
      expect(item).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          type: expect.stringMatching(/^(add|subtract)$/),
          amount: expect.any(Number),
          balanceBefore: expect.any(Number),
          balanceAfter: expect.any(Number),
          createdAt: expect.any(String),
        }),
      );
      expect(item).toHaveProperty('adminName');
      expect(item).toHaveProperty('note');
    }
  });

  describe('deposit requests', () => {
    it('creates one (201), notifies admins, and lists newest first', async () => {
      const { agent, id } = await customer();
      const first = await agent.post('/api/user/deposit-request').send({ amount: 1000 }).expect(201);
      expect(first.body.depositRequest).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          amount: 1000,
          status: 'pending',
          requestedAt: expect.any(String),
        }),
      );
      await agent.post('/api/user/deposit-request').send({ amount: '2500.75' }).expect(201);
      const list = await agent.get('/api/user/deposit-requests').expect(200);
      expect(list.body.depositRequests.map((r: { amount: number }) => r.amount)).toEqual([2500.75, 1000]);
      expect(list.body.depositRequests[0]).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          amount: 2500.75,
          status: 'pending',
          requestedAt: expect.any(String),
        }),
      );
      const notifications = await sql.query<{ type: string }>(
        `select type from admin_notifications where user_id = $1`,
        [id],
      );
      expect(notifications.map((n) => n.type)).toEqual(['deposit_request', 'deposit_request']);
    });

    it('refuses less than $1,000 with the product message', async () => {
      const { agent, id } = await customer();
      const response = await agent.post('/api/user/deposit-request').send({ amount: 999.99 }).expect(400);
      expect(response.body.message).toBe(Messages.minDeposit);
      expect(await count('deposit_requests', id)).toBe(0);
    });

    const badAmounts: Array<[string, string]> = [
      ['NaN', '{"amount":NaN}'],
      ['Infinity', '{"amount":Infinity}'],
      ['1e999', '{"amount":1e999}'],
      ['-0', '{"amount":-0}'],
      ['1e20', '{"amount":1e20}'],
      ['1000.001', '{"amount":1000.001}'],
      ['"abc"', '{"amount":"abc"}'],
      ['"1e3"', '{"amount":"1e3"}'],
      ['array', '{"amount":[1000]}'],
      ['null', '{"amount":null}'],
      ['true', '{"amount":true}'],
      ['object', '{"amount":{"value":1000}}'],
      ['negative', '{"amount":-1000}'],
      ['missing', '{}'],
      ['isAdmin', '{"amount":1000,"isAdmin":true}'],
      ['balance', '{"amount":1000,"balance":1000000}'],
      ['__proto__', '{"amount":1000,"__proto__":{"isAdmin":true}}'],
      ['malformed', '{"amount":'],
      ['5,000-deep', '{"amount":1000,"x":' + '['.repeat(5000) + ']'.repeat(5000) + '}'],
    ];

    it.each(badAmounts)('refuses %s with 400, a JSON message, and writes nothing', async (_name, raw) => {
      const { agent, id } = await customer();
      const response = await agent.post('/api/user/deposit-request').set('Content-Type', 'application/json').send(raw);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
      expect(response.body.message.length).toBeGreaterThan(0);
      expect(await count('deposit_requests', id)).toBe(0);
      expect(await count('admin_notifications', id)).toBe(0);
    });

    it('refuses form-encoded, text and oversized bodies and writes nothing', async () => {
      const { agent, id } = await customer();
      const form = await agent.post('/api/user/deposit-request').type('form').send({ amount: '1000' });
      expect(form.status).toBe(415);
      const text = await agent.post('/api/user/deposit-request').set('Content-Type', 'text/plain').send('amount=1000');
      expect(text.status).toBe(415);
      const big = await agent
        .post('/api/user/deposit-request')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ amount: 1000, padding: 'x'.repeat(110 * 1024) }));
      expect(big.status).toBe(413);
      for (const response of [form, text, big]) expect(typeof response.body.message).toBe('string');
      expect(await count('deposit_requests', id)).toBe(0);
    });
  });

  describe('banking details', () => {
    it('saves them normalized and answers {user}', async () => {
      const { agent } = await customer();
      const response = await agent
        .put('/api/user/banking-details')
        .send({ beneficiaryName: ' Ada Lovelace ', iban: 'de89 3704 0044 0532 0130 00', swift: 'cobadeff' })
        .expect(200);
      expect(response.body.user).toEqual(
        expect.objectContaining({ beneficiaryName: 'Ada Lovelace', iban: 'DE89370400440532013000', swift: 'COBADEFF' }),
      );
    });

    it.each([
      [{ ...BANKING, beneficiaryName: '' }, Messages.beneficiaryRequired],
      [{ iban: IBAN, swift: 'COBADEFF' }, Messages.beneficiaryRequired],
      [{ ...BANKING, iban: '' }, Messages.ibanRequired],
      [{ ...BANKING, swift: '' }, Messages.swiftRequired],
      [{ ...BANKING, iban: 'DE89 3704 0044 0532 0130 01' }, Messages.ibanInvalid],
      [{ ...BANKING, iban: 'XX00' }, Messages.ibanInvalid],
      [{ ...BANKING, swift: 'COBADE' }, Messages.swiftInvalid],
      [{ ...BANKING, swift: 'COBADEFFXX' }, Messages.swiftInvalid],
      [{ ...BANKING, referenceCode: 'AAAAAAAA' }, 'Unknown field: referenceCode'],
      // a CR/LF would add a row for line-based bank importers of the payout file (issue 16)
      [
        { ...BANKING, beneficiaryName: 'Ada Lovelace\r\nMallory;GB82WEST12345698765432' },
        forbiddenCharactersMessage('Beneficiary name'),
      ],
      [{ ...BANKING, beneficiaryName: 'Ada \u202eecalevol' }, forbiddenCharactersMessage('Beneficiary name')],
      [{ ...BANKING, beneficiaryName: 'Ada\u009bLovelace' }, forbiddenCharactersMessage('Beneficiary name')],
    ])('refuses %j with "%s" and changes nothing', async (body, message) => {
      const { agent } = await customer();
      const response = await agent.put('/api/user/banking-details').send(body).expect(400);
      expect(response.body.message).toBe(message);
      const me = await agent.get('/api/auth/me').expect(200);
      expect(me.body.user.iban).toBeNull();
    });
  });

  describe('withdrawals', () => {
    it('needs saved banking details', async () => {
      const { agent, id } = await customer({ deposit: '5000.00' });
      const response = await agent.post('/api/user/withdrawal').send({ amount: 1000 }).expect(400);
      expect(response.body.message).toBe(Messages.saveBankingFirst);
      expect(await count('withdrawals', id)).toBe(0);
    });

    it('holds the amount: 201 {withdrawal}, available balance drops at once, listed newest first', async () => {
      const { agent, id } = await customer({ deposit: '5000.00', banking: true });
      const created = await agent.post('/api/user/withdrawal').send({ amount: '1500.25' }).expect(201);
      expect(created.body.withdrawal).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          amount: 1500.25,
          status: 'pending',
          requestedAt: expect.any(String),
          processedAt: null,
        }),
      );
      const dashboard = await agent.get('/api/user/dashboard').expect(200);
      expect(dashboard.body.user.balance).toBe(5000);
      expect(dashboard.body.user.availableBalance).toBe(3499.75);
      await agent.post('/api/user/withdrawal').send({ amount: 1000 }).expect(201);
      const list = await agent.get('/api/user/withdrawals').expect(200);
      expect(list.body.withdrawals.map((w: { amount: number }) => w.amount)).toEqual([1000, 1500.25]);
      const notifications = await sql.query<{ type: string }>(
        `select type from admin_notifications where user_id = $1 order by id`,
        [id],
      );
      expect(notifications.map((n) => n.type)).toEqual(['withdrawal_request', 'withdrawal_request']);
    });

    it('refuses less than $1,000 and more than the available balance with the product messages', async () => {
      const { agent, id } = await customer({ deposit: '2000.00', banking: true });
      const small = await agent.post('/api/user/withdrawal').send({ amount: 999 }).expect(400);
      expect(small.body.message).toBe(Messages.minWithdrawal);
      const large = await agent.post('/api/user/withdrawal').send({ amount: 2000.01 }).expect(400);
      expect(large.body.message).toBe(amountExceedsAvailable('$2,000.00'));
      expect(await count('withdrawals', id)).toBe(0);
    });

    it.each([['NaN'], ['-0'], ['1e20'], ['1000.001'], ['"abc"'], ['[1000]'], ['null']])(
      'refuses amount %s with 400 and writes nothing',
      async (raw) => {
        const { agent, id } = await customer({ deposit: '5000.00', banking: true });
        const response = await agent
          .post('/api/user/withdrawal')
          .set('Content-Type', 'application/json')
          .send(`{"amount":${raw}}`);
        expect(response.status).toBe(400);
        expect(typeof response.body.message).toBe('string');
        expect(await count('withdrawals', id)).toBe(0);
      },
    );

    it('20 concurrent requests for the whole balance: at most one is accepted', async () => {
      const { agent, id } = await customer({ deposit: '3000.00', banking: true });
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => agent.post('/api/user/withdrawal').send({ amount: 3000 })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.every((s) => s === 201 || s === 400 || s === 409)).toBe(true);
      expect(await count('withdrawals', id)).toBe(1);
      const [account] = await sql.query<{ balance_cents: string; held_cents: string }>(
        'select balance_cents::text, held_cents::text from accounts where user_id = $1',
        [id],
      );
      expect(account).toEqual({ balance_cents: '300000', held_cents: '300000' });
    });

    it('the same Idempotency-Key twice moves money once and answers the same; another body is 409', async () => {
      const { agent, id } = await customer({ deposit: '5000.00', banking: true });
      const first = await agent.post('/api/user/withdrawal').set('Idempotency-Key', 'wd-1').send({ amount: 1200 });
      const second = await agent.post('/api/user/withdrawal').set('Idempotency-Key', 'wd-1').send({ amount: 1200 });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(await count('withdrawals', id)).toBe(1);
      const reused = await agent.post('/api/user/withdrawal').set('Idempotency-Key', 'wd-1').send({ amount: 1300 });
      expect(reused.status).toBe(409);
      expect(typeof reused.body.message).toBe('string');
      expect(await count('withdrawals', id)).toBe(1);
      const dashboard = await agent.get('/api/user/dashboard').expect(200);
      expect(dashboard.body.user.availableBalance).toBe(3800);
    });

    it('the same Idempotency-Key on deposit requests creates one request', async () => {
      const { agent, id } = await customer();
      const first = await agent.post('/api/user/deposit-request').set('Idempotency-Key', 'dr-1').send({ amount: 1000 });
      const second = await agent
        .post('/api/user/deposit-request')
        .set('Idempotency-Key', 'dr-1')
        .send({ amount: 1000 });
      expect(first.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(await count('deposit_requests', id)).toBe(1);
    });

    it('refuses a malformed Idempotency-Key', async () => {
      const { agent } = await customer();
      const response = await agent
        .post('/api/user/deposit-request')
        .set('Idempotency-Key', 'x'.repeat(201))
        .send({ amount: 1000 });
      expect(response.status).toBe(400);
    });
  });

  it('interest-payments: empty at first, then the daily credits in the contract shape, newest first', async () => {
    const { agent, id } = await customer({ deposit: '100000.00' });
    expect((await agent.get('/api/user/interest-payments').expect(200)).body).toEqual({ interestPayments: [] });
    // tomorrow and the day after: both accrual instants are after this deposit, whatever the hour
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    for (const date of [day(1), day(2)]) {
      await t.app.get(CommandBus).execute(new AccrueInterestBatchCommand(date, id, id + 1, SYSTEM));
    }
    const response = await agent.get('/api/user/interest-payments').expect(200);
    expect(response.body.interestPayments).toHaveLength(2);
    const [latest, first] = response.body.interestPayments;
    expect(first).toEqual({
      id: expect.any(Number),
      userId: id,
      balance: 100000,
      interestRate: expect.closeTo(0.07 / 365, 12),
      interestAmount: 19.17,
      paymentDate: expect.any(String),
      status: 'paid',
    });
    expect(Date.parse(latest.paymentDate)).toBeGreaterThan(Date.parse(first.paymentDate));
    // $19.178 owed on day one: the 0.8 cent carried makes day two's credit 19.18 on the new balance
    expect(latest.balance).toBe(100019.17);
    expect(latest.interestAmount).toBe(19.18);
    const dashboard = await agent.get('/api/user/dashboard').expect(200);
    expect(dashboard.body.user.balance).toBe(100038.35);
  });

  describe('change password', () => {
    it.each([
      [{ newPassword: 'newpass-1', confirmPassword: 'newpass-1' }, Messages.currentPasswordRequired],
      [{ currentPassword: 'secret-1', newPassword: 'short', confirmPassword: 'short' }, Messages.newPasswordTooShort],
      [
        { currentPassword: 'secret-1', newPassword: 'newpass-1', confirmPassword: '' },
        Messages.confirmPasswordRequired,
      ],
      [
        { currentPassword: 'secret-1', newPassword: 'newpass-1', confirmPassword: 'newpass-2' },
        Messages.passwordsDontMatch,
      ],
      [
        { currentPassword: 'wrong-one', newPassword: 'newpass-1', confirmPassword: 'newpass-1' },
        Messages.currentPasswordWrong,
      ],
      [
        { currentPassword: 'secret-1', newPassword: 'n'.repeat(129), confirmPassword: 'n'.repeat(129) },
        Messages.passwordTooLong,
      ],
    ])('refuses %j with "%s"', async (body, message) => {
      const { agent } = await customer();
      const response = await agent.put('/api/user/change-password').send(body).expect(400);
      expect(response.body.message).toBe(message);
    });

    it('counts a wrong current password as a failed sign-in: after 10, 429 even for the right one (issue 16)', async () => {
      const { agent, id, email } = await customer();
      const hash = async () =>
        (await sql.query<{ password_hash: string }>('select password_hash from users where id = $1', [id]))[0]
          .password_hash;
      const before = await hash();
      const change = (currentPassword: string, address: string) =>
        agent
          .put('/api/user/change-password')
          .set('X-Forwarded-For', address)
          .send({ currentPassword, newPassword: 'newpass-1', confirmPassword: 'newpass-1' });
      // every guess from another address: the account's count stops them
      for (let i = 0; i < 10; i += 1) {
        const wrong = await change(`guess-${i}`, `10.77.0.${i + 1}`);
        expect(wrong.status).toBe(400);
        expect(wrong.body.message).toBe(Messages.currentPasswordWrong);
      }
      const blocked = await change('secret-1', '10.77.1.1');
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: Messages.tooManyAttempts });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(await hash()).toBe(before);
      // and they were failed sign-ins of the account
      const signIn = await request(t.server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', '10.77.2.1')
        .send({ email, password: 'secret-1' });
      expect(signIn.status).toBe(429);
    });

    it('changes it, keeps this session, and ends every other session of the user', async () => {
      const { agent, email } = await customer();
      const other = request.agent(t.server);
      await other.post('/api/auth/login').send({ email, password: 'secret-1' }).expect(200);
      await other.get('/api/auth/me').expect(200);
      await agent
        .put('/api/user/change-password')
        .send({ currentPassword: 'secret-1', newPassword: 'newpass-1', confirmPassword: 'newpass-1' })
        .expect(200);
      await agent.get('/api/auth/me').expect(200);
      await other.get('/api/auth/me').expect(401);
      await request(t.server).post('/api/auth/login').send({ email, password: 'secret-1' }).expect(401);
      await request(t.server).post('/api/auth/login').send({ email, password: 'newpass-1' }).expect(200);
    });
  });

  it('one customer never sees or changes another customer’s data', async () => {
    const a = await customer({ deposit: '5000.00', banking: true });
    await a.agent.post('/api/user/deposit-request').send({ amount: 1000 }).expect(201);
    await a.agent.post('/api/user/withdrawal').send({ amount: 1000 }).expect(201);
    const b = await customer();
    const dashboard = await b.agent.get('/api/user/dashboard').expect(200);
    expect(dashboard.body.user.id).toBe(b.id);
    expect(dashboard.body.user.balance).toBe(0);
    expect((await b.agent.get('/api/user/deposit-requests').expect(200)).body.depositRequests).toEqual([]);
    expect((await b.agent.get('/api/user/withdrawals').expect(200)).body.withdrawals).toEqual([]);
    expect((await b.agent.get('/api/user/admin-transactions').expect(200)).body.transactions).toEqual([]);
    // B's writes land on B only
    await b.agent
      .put('/api/user/banking-details')
      .send({ ...BANKING, beneficiaryName: 'Bob' })
      .expect(200);
    const aMe = await a.agent.get('/api/auth/me').expect(200);
    expect(aMe.body.user.beneficiaryName).toBe('Ada Lovelace');
    expect(aMe.body.user.availableBalance).toBe(4000);
    // a body cannot name another user
    const spoof = await b.agent.post('/api/user/deposit-request').send({ amount: 1000, userId: a.id });
    expect(spoof.status).toBe(400);
    expect(await count('deposit_requests', a.id)).toBe(1);
  });
});
