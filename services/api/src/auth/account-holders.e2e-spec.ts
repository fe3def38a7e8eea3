import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { ConfirmDepositCommand, SQL } from '@savings/application';
import { HolderMessages, type PublicUser } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { pdfText } from '@savings/testing';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signedIn, testContext, type TestActor } from '../../test/back-office';

// PDFs are parsed back in child processes: slow on a loaded machine
jest.setTimeout(60_000);

let ipCounter = 0;
/** Each registration from its own address (trusted from the loopback proxy), so the opening limit stays per test. */
const nextIp = () => `10.36.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let serial = 0;
const unique = () => `${process.pid}-${++serial}`;

/** Accounts of persons and of businesses (api-contract.md section 18). */
describe('opening an account as a person or a business', () => {
  let t: TestApp;
  let admin: TestActor;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedIn(t, 'admin', 'Holders Admin');
  });
  afterAll(() => t?.close());

  const register = (body: object, agent: request.Agent | null = null) =>
    (agent ?? request(t.server)).post('/api/auth/register').set('X-Forwarded-For', nextIp()).send(body);

  const company = (overrides: object = {}) => {
    const id = unique();
    return {
      name: `Ada Representative ${id}`,
      email: `ada.${id}@lovelace-engines.test`,
      password: 'secret-12',
      holderType: 'company',
      legalName: `Lovelace Engines ${id} GmbH`,
      registrationNumber: `HRB ${id.replace('-', '')}`,
      country: 'DE',
      ...overrides,
    };
  };

  it('keeps the specification’s body working: a person, and /me says so', async () => {
    const agent = request.agent(t.server);
    const response = await register(
      { name: `Plain Person ${unique()}`, email: `p.${unique()}@x.test`, password: 'secret-1' },
      agent,
    );
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      holderType: 'individual',
      legalName: null,
      registrationNumber: null,
      country: null,
    });
  });

  it('opens a company represented by the person registering; /me and the admin list carry its fields', async () => {
    const agent = request.agent(t.server);
    const body = company({ legalName: '  Lovelace   Engines GmbH ' + unique() });
    const response = await register(body, agent);
    expect(response.status).toBe(201);
    const user = response.body.user as PublicUser;
    expect(user).toMatchObject({
      name: body.name,
      holderType: 'company',
      // the rule of every name: trimmed, runs of spaces folded
      legalName: `Lovelace Engines GmbH ${body.legalName.split(' ').pop()}`,
      registrationNumber: body.registrationNumber,
      country: 'DE',
    });
    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body.user).toMatchObject({ holderType: 'company', legalName: user.legalName, country: 'DE' });

    const companies = await admin.agent.get('/api/admin/users?holderType=company').expect(200);
    const ids = (companies.body.users as Array<{ id: number; holderType: string }>).map((u) => u.id);
    expect(ids).toContain(user.id);
    expect(companies.body.users.every((u: { holderType: string }) => u.holderType === 'company')).toBe(true);
    expect(companies.body.matchingUsers).toBe(companies.body.users.length);
    const listed = companies.body.users.find((u: { id: number }) => u.id === user.id);
    expect(listed).toMatchObject({
      legalName: user.legalName,
      registrationNumber: body.registrationNumber,
      country: 'DE',
    });
    const persons = await admin.agent.get('/api/admin/users?holderType=individual').expect(200);
    expect(persons.body.users.map((u: { id: number }) => u.id)).not.toContain(user.id);
    // a search finds a business by its legal name or registration number too
    const found = await admin.agent
      .get(`/api/admin/users?q=${encodeURIComponent(body.registrationNumber)}`)
      .expect(200);
    expect(found.body.users.map((u: { id: number }) => u.id)).toEqual([user.id]);
    await admin.agent.get('/api/admin/users?holderType=partnership').expect(400);
  });

  it('opens a foundation', async () => {
    const response = await register(company({ holderType: 'foundation', country: 'LI' }));
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ holderType: 'foundation', country: 'LI' });
  });

  it.each([
    ['no legal name', { legalName: undefined }, 'legalName', HolderMessages.legalNameRequired],
    ['a blank legal name', { legalName: '   ' }, 'legalName', HolderMessages.legalNameRequired],
    ['a one-letter legal name', { legalName: 'A' }, 'legalName', HolderMessages.legalNameLength],
    ['a legal name of 141 characters', { legalName: 'L'.repeat(141) }, 'legalName', HolderMessages.legalNameLength],
    [
      'a line break in the legal name',
      { legalName: 'Evil\r\nCorp' },
      'legalName',
      'Legal name may not contain control characters or text direction overrides',
    ],
    [
      'a direction override in the legal name',
      { legalName: 'Evil \u202eCorp' },
      'legalName',
      'Legal name may not contain control characters or text direction overrides',
    ],
    [
      'no registration number',
      { registrationNumber: undefined },
      'registrationNumber',
      HolderMessages.registrationNumberRequired,
    ],
    [
      'a registration number with a comma',
      { registrationNumber: 'HRB 1,2' },
      'registrationNumber',
      HolderMessages.registrationNumber,
    ],
    [
      'a registration number of 41 characters',
      { registrationNumber: '1'.repeat(41) },
      'registrationNumber',
      HolderMessages.registrationNumber,
    ],
    ['no country', { country: undefined }, 'country', HolderMessages.countryRequired],
    ['a lower-case country', { country: 'de' }, 'country', HolderMessages.country],
    ['an unassigned country code', { country: 'ZZ' }, 'country', HolderMessages.country],
    ['an alpha-3 country code', { country: 'DEU' }, 'country', HolderMessages.country],
    ['a country name', { country: 'Germany' }, 'country', HolderMessages.country],
    ['a number as country', { country: 49 }, 'country', HolderMessages.country],
    ['an unknown holder type', { holderType: 'partnership' }, 'holderType', HolderMessages.holderType],
  ])('refuses %s with 400 naming the field, and opens nothing', async (_case, overrides, field, message) => {
    const body = company(overrides);
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors[field]).toBe(message);
    const [row] = await t.app
      .get<Sql>(SQL)
      .query<{ n: string }>('select count(*)::text as n from users where email = $1', [body.email]);
    expect(row.n).toBe('0');
  });

  it('refuses business fields on a person’s account', async () => {
    const response = await register({
      name: `Person ${unique()}`,
      email: `person.${unique()}@x.test`,
      password: 'secret-12',
      country: 'DE',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ country: HolderMessages.notForIndividual });
  });

  it('opens one account per business: the same country and number (however spelled) is 409, another country is not', async () => {
    const first = company({ registrationNumber: `HRB 77/${unique()}` });
    await register(first).expect(201);
    const respelled = company({
      country: 'DE',
      registrationNumber: first.registrationNumber.toLowerCase().replace(' ', '').replace('/', '-'),
    });
    const again = await register(respelled);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This business already has an account');
    await register(company({ country: 'AT', registrationNumber: first.registrationNumber })).expect(201);
  });

  it('lets exactly one of 12 simultaneous registrations of one business in', async () => {
    const registrationNumber = `CHE-${unique()}`;
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => register(company({ country: 'CH', registrationNumber }))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body.message).toBe('This business already has an account');
    }
    const [row] = await t.app
      .get<Sql>(SQL)
      .query<{ n: string }>(`select count(*)::text as n from users where country = 'CH' and registration_number = $1`, [
        registrationNumber,
      ]);
    expect(row.n).toBe('1');
  });

  it('names the business by its legal name, with its representative, on statements, the certificate and mails', async () => {
    const agent = request.agent(t.server);
    const body = company({ country: 'FR', legalName: `Fondation Étoile ${unique()}`, holderType: 'foundation' });
    const created = await register(body, agent).expect(201);
    const userId = created.body.user.id as number;
    await t.app
      .get(CommandBus)
      .execute(new ConfirmDepositCommand(userId, '2500.00', null, testContext('admin', admin.id)));
    const month = new Date().toISOString().slice(0, 7);

    const statement = await agent.get(`/api/user/statements/${month}.pdf`).buffer(true).parse(binary).expect(200);
    const statementText = (await pdfText(statement.body as Buffer)).text.replace(/\s+/g, ' ');
    expect(statementText).toContain(body.legalName);
    expect(statementText).toContain(body.registrationNumber);
    expect(statementText).toContain('France');
    expect(statementText).toContain(body.name);

    const certificate = await agent
      .get(`/api/user/statements/${month.slice(0, 4)}/interest.pdf`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const certificateText = (await pdfText(certificate.body as Buffer)).text.replace(/\s+/g, ' ');
    expect(certificateText).toContain(body.legalName);
    expect(certificateText).toContain(body.name);

    const [mail] = await t.app
      .get<Sql>(SQL)
      .query<{ text_body: string }>(
        `select text_body from mail_outbox where user_id = $1 and template = 'deposit-confirmed'`,
        [userId],
      );
    expect(mail.text_body.startsWith(`Hello ${body.legalName} (${body.name}),`)).toBe(true);
  });
});

function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
