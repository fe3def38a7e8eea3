import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { AccrueInterestBatchCommand, ConfirmDepositCommand, SQL } from '@savings/application';
import type { AccountExport } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signedIn, testContext, type TestActor } from '../../test/back-office';

jest.setTimeout(60_000);

let ipCounter = 0;
const nextIp = () => `10.37.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** GET /api/user/export (api-contract.md section 18): everything held about the customer, and only them. */
describe('the customer’s export', () => {
  let t: TestApp;
  let admin: TestActor;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedIn(t, 'admin', 'Export Admin');
  });
  afterAll(() => t?.close());

  /** A customer opened through the API, signed in from a known address, with banking details saved twice. */
  async function customer(tag: string, iban: string, secondIban: string) {
    const agent = request.agent(t.server);
    const email = `${tag.toLowerCase()}.${process.pid}@export.test`;
    const name = `${tag} Exportson ${process.pid}`;
    const address = nextIp();
    const registered = await agent
      .post('/api/auth/register')
      .set('X-Forwarded-For', address)
      .send({ name, email, password: 'secret-123' })
      .expect(201);
    await agent.post('/api/auth/logout').expect(204);
    await agent
      .post('/api/auth/login')
      .set('X-Forwarded-For', address)
      .send({ email, password: 'secret-123' })
      .expect(200);
    for (const value of [iban, secondIban]) {
      await agent
        .put('/api/user/banking-details')
        .send({ beneficiaryName: name, iban: value, swift: 'NWBKGB2L' })
        .expect(200);
    }
    const id = registered.body.user.id as number;
    return { agent, id, name, email, address, referenceCode: registered.body.user.referenceCode as string };
  }

  it('holds the profile, banking history, every event, the money rows, statements, mails and sign-ins', async () => {
    const ann = await customer('Ann', 'GB82WEST12345698765432', 'DE89370400440532013000');
    await t.app
      .get(CommandBus)
      .execute(new ConfirmDepositCommand(ann.id, '5000.00', 'wire received', testContext('admin', admin.id)));
    await ann.agent.post('/api/user/deposit-request').send({ amount: 1500 }).expect(201);
    await ann.agent.post('/api/user/withdrawal').send({ amount: 1000 }).expect(201);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await t.app
      .get(CommandBus)
      .execute(new AccrueInterestBatchCommand(tomorrow, ann.id, ann.id + 1, testContext('admin', admin.id)));

    await ann.agent
      .put('/api/user/change-password')
      .send({ currentPassword: 'secret-123', newPassword: 'secret-456', confirmPassword: 'secret-456' })
      .expect(200);

    const response = await ann.agent.get('/api/user/export').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="savings-export-${ann.referenceCode}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const doc = response.body as AccountExport;
    expect(doc.format).toBe('savings-account-export');
    expect(doc.version).toBe(1);
    expect(doc.profile).toMatchObject({
      id: ann.id,
      name: ann.name,
      email: ann.email,
      holderType: 'individual',
      referenceCode: ann.referenceCode,
      language: 'en',
      iban: 'DE89370400440532013000',
    });
    expect(JSON.stringify(doc)).not.toMatch(/password_hash|argon2|secret_sealed/i);

    expect(doc.bankingDetails.current).toMatchObject({ iban: 'DE89370400440532013000', beneficiaryName: ann.name });
    expect(doc.bankingDetails.history.map((entry) => entry.iban)).toEqual([
      'GB82WEST12345698765432',
      'DE89370400440532013000',
    ]);

    // every event of the stream, linked by its hash chain
    const [{ n }] = await t.app
      .get<Sql>(SQL)
      .query<{ n: number }>(`select count(*)::int as n from ledger_events where stream_id = $1`, [`account-${ann.id}`]);
    expect(doc.events).toHaveLength(n);
    expect(doc.events.map((event) => event.type)).toEqual([
      'DepositConfirmed',
      'DepositRequested',
      'WithdrawalRequested',
      'InterestAccrued',
    ]);
    doc.events.forEach((event, index) => {
      expect(event.version).toBe(index + 1);
      expect(event.prevHash).toBe(index === 0 ? '0'.repeat(64) : doc.events[index - 1].hash);
    });

    expect(doc.deposits).toEqual([expect.objectContaining({ amount: 5000, note: 'wire received' })]);
    expect(doc.depositRequests).toEqual([expect.objectContaining({ amount: 1500, status: 'pending' })]);
    expect(doc.withdrawals).toEqual([expect.objectContaining({ amount: 1000, status: 'pending' })]);
    expect(doc.interestPayments).toHaveLength(1);
    expect(doc.accountActivity).toEqual([expect.objectContaining({ kind: 'deposit', amount: 5000 })]);
    expect(doc.statements.length).toBeGreaterThanOrEqual(1);
    expect(doc.mails.map((mail) => mail.template)).toEqual(
      expect.arrayContaining(['banking-details-changed', 'deposit-confirmed']),
    );
    expect(doc.security.twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(doc.security.history).toEqual([
      { kind: 'sign-in', at: expect.any(String), address: ann.address },
      { kind: 'sign-in', at: expect.any(String), address: ann.address },
      { kind: 'password-changed', at: expect.any(String), address: null },
    ]);
  });

  it('never holds another customer’s data, and cannot be asked for someone else', async () => {
    const bea = await customer('Bea', 'GB33BUKB20201555555555', 'FR1420041010050500013M02606');
    const cid = await customer('Cid', 'NL91ABNA0417164300', 'BE68539007547034');
    await t.app
      .get(CommandBus)
      .execute(new ConfirmDepositCommand(cid.id, '2500.00', `for ${cid.name}`, testContext('admin', admin.id)));
    const text = (await bea.agent.get('/api/user/export').expect(200)).text;
    for (const secret of [
      cid.name,
      cid.email,
      'NL91ABNA0417164300',
      'BE68539007547034',
      cid.referenceCode,
      `account-${cid.id}"`,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(bea.email);
    // the route names no account: a query or path naming another is the caller's own export, or 404
    const withQuery = await bea.agent.get(`/api/user/export?userId=${cid.id}`);
    expect(withQuery.text).not.toContain(cid.email);
    await bea.agent.get(`/api/user/export/${cid.id}`).expect(404);
    await request(t.server).get('/api/user/export').expect(401);
  });

  it('removes a reset link’s token from the mails it lists', async () => {
    const dee = await customer('Dee', 'GB82WEST12345698765432', 'DE89370400440532013000');
    await request(t.server)
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', nextIp())
      .send({ email: dee.email })
      .expect(202);
    const doc = (await dee.agent.get('/api/user/export').expect(200)).body as AccountExport;
    const reset = doc.mails.find((mail) => mail.template === 'password-reset');
    expect(reset?.text).toContain('#token=(removed)');
    expect(reset?.text).not.toMatch(/#token=[A-Za-z0-9_-]{20,}/);
  });

  it('is documented in the OpenAPI document with its version', async () => {
    const doc = (await request(t.server).get('/api/docs-json').expect(200)).body;
    const schema = doc.paths['/api/user/export'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.version.enum).toEqual([1]);
    expect(schema.required).toEqual(expect.arrayContaining(['profile', 'events', 'mails', 'security']));
  });
});
