import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { AdjustBalanceCommand, SQL } from '@savings/application';
import type { Sql } from '@savings/database';
import { pdfText } from '@savings/testing';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  fundedCustomer,
  insertUser,
  signedIn,
  TEST_PASSWORD,
  testContext,
  type TestActor,
  type TestAgent,
} from '../../test/back-office';

// PDFs are rendered and parsed back in child processes: slow on a loaded machine
jest.setTimeout(60_000);

/** Statements over HTTP: own account only for customers, any account read-only for admins and auditors. */
describe('statements API', () => {
  let t: TestApp;
  let admin: TestActor;
  let auditor: TestActor;
  let owner: TestAgent;
  let stranger: TestActor;
  let ownerId: number;
  const month = new Date().toISOString().slice(0, 7);
  const year = month.slice(0, 4);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedIn(t, 'admin', 'Statements Admin');
    auditor = await signedIn(t, 'auditor', 'Statements Auditor');
    stranger = await signedIn(t, 'customer', 'Statements Stranger');
    ownerId = await fundedCustomer(t, 'Анна Шевченко', '12500.00', admin.id);
    await t.app
      .get(CommandBus)
      .execute(
        new AdjustBalanceCommand(ownerId, '250.50', 'subtract', 'Комиссия банка', testContext('admin', admin.id)),
      );
    const [row] = await t.app
      .get<Sql>(SQL)
      .query<{ email: string }>('select email from users where id = $1', [ownerId]);
    owner = request.agent(t.server);
    await owner.post('/api/auth/login').send({ email: row.email, password: TEST_PASSWORD }).expect(200);
  }, 60_000);

  afterAll(() => t?.close());

  it('lists the customer’s months, the current one closing at the balance now', async () => {
    const response = await owner.get('/api/user/statements').expect(200);
    expect(response.body).toEqual({ months: [{ month, opening: 0, closing: 12249.5, credits: 12500, debits: 250.5 }] });
  });

  it('serves the month as CSV and PDF attachments with the figures', async () => {
    const csv = await owner.get(`/api/user/statements/${month}.csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.csv"`);
    expect(csv.headers['cache-control']).toBe('no-store');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,type,description,amount,balance_after');
    expect(lines[1]).toMatch(/,opening,Opening balance,,0\.00$/);
    expect(lines[2]).toMatch(/,deposit,Deposit: opening balance,12500\.00,12500\.00$/);
    expect(lines[3]).toMatch(/,adjustment,Balance adjustment: Комиссия банка,-250\.50,12249\.50$/);
    expect(lines[4]).toMatch(/,closing,Closing balance \(month to date\),,12249\.50$/);

    const pdf = await owner.get(`/api/user/statements/${month}.pdf`).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.pdf"`);
    const text = (await pdfText(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Анна Шевченко');
    expect(text).toContain('Комиссия банка');
    expect(text).toContain('12,249.50');

    const certificate = await owner
      .get(`/api/user/statements/${year}/interest.pdf`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect((await pdfText(certificate.body as Buffer)).text).toContain(`Interest certificate ${year}`);
  });

  it('answers 400 for a malformed month or year and 404 outside the account’s months', async () => {
    for (const bad of ['2026-13', '2026-1', 'latest', '202611']) {
      const response = await owner.get(`/api/user/statements/${bad}.csv`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Month must be written YYYY-MM' });
    }
    await owner.get('/api/user/statements/26/interest.pdf').expect(400);
    const later = `${Number(year) + 1}-01`;
    expect((await owner.get(`/api/user/statements/${later}.pdf`).expect(404)).body).toEqual({
      message: 'No statement for this month',
    });
    await owner.get('/api/user/statements/2001-01.csv').expect(404);
  });

  it('never lets a customer reach another customer’s statement', async () => {
    // their own (empty) account, whatever they add to the request
    await stranger.agent.get(`/api/user/statements/${month}.csv?userId=${ownerId}`).expect(404);
    expect((await stranger.agent.get(`/api/user/statements?userId=${ownerId}`).expect(200)).body).toEqual({
      months: [],
    });
    for (const path of [
      `/api/admin/users/${ownerId}/statements`,
      `/api/admin/users/${ownerId}/statements/${month}.csv`,
      `/api/admin/users/${ownerId}/statements/${month}.pdf`,
      `/api/admin/users/${ownerId}/statements/${year}/interest.pdf`,
    ]) {
      const response = await stranger.agent.get(path);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Admin access required' });
    }
    await request(t.server).get(`/api/user/statements/${month}.csv`).expect(401);
    await request(t.server).get(`/api/admin/users/${ownerId}/statements/${month}.csv`).expect(401);
  });

  it('lets admins and auditors open any customer’s statements, and says 404 for an unknown one', async () => {
    for (const actor of [admin, auditor]) {
      const csv = await actor.agent.get(`/api/admin/users/${ownerId}/statements/${month}.csv`).expect(200);
      expect(csv.text).toContain('Balance adjustment: Комиссия банка,-250.50,12249.50');
      const pdf = await actor.agent
        .get(`/api/admin/users/${ownerId}/statements/${month}.pdf`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect((await pdfText(pdf.body as Buffer)).text).toContain('Анна Шевченко');
    }
    const unknown = await admin.agent.get(`/api/admin/users/2147483000/statements/${month}.csv`).expect(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
    const hex = await admin.agent.get(`/api/admin/users/0x1F/statements/${month}.csv`);
    expect(hex.status).toBe(400);
    expect(hex.body.message).toMatch(/^Id must be a whole number/);
  });

  it('is the same account that signs in: a customer without events has no months', async () => {
    const id = await insertUser(t, 'customer', 'No Events');
    expect(id).toBeGreaterThan(0);
    expect((await admin.agent.get(`/api/admin/users/${id}/statements`).expect(200)).body).toEqual({ months: [] });
  });
});

/** supertest parser that keeps a binary body as a Buffer. */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
