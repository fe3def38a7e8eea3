import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApproveWithdrawalCommand,
  ConfirmDepositCommand,
  ListUnmatchedPayoutsQuery,
  PayoutRunService,
  RequestDepositCommand,
  RequestWithdrawalCommand,
  SQL,
} from '@savings/application';
import type {
  BankStatementEntry,
  BankStatementResponse,
  BankStatementSummary,
  CreditSuggestedResponse,
  UnmatchedPayoutsResponse,
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

jest.setTimeout(120_000);

const FIXTURES = join(__dirname, '../../../../libs/application/src/reconciliation/fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const CSV_HEADER = 'booking_date,amount,currency,remittance,counterparty_name,counterparty_iban,entry_ref';

describe('bank statements', () => {
  let app: TestApp;
  let sql: Sql;
  let admin: TestActor;
  let commands: CommandBus;
  const customers: Record<string, number> = {};

  beforeAll(async () => {
    app = await startTestApp();
    sql = app.app.get<Sql>(SQL);
    commands = app.app.get(CommandBus);
    admin = await signedIn(app, 'admin', 'Recon Admin');
    // the fixtures quote these codes (valid check characters); CAT45672 belongs to nobody
    for (const [name, code] of [
      ['Amy', 'AMY2345C'],
      ['Ben', 'BEN34565'],
      ['Dan', 'DAN5678K'],
      ['Eve', 'EVE6789Y'],
      ['Gab', 'GAB89238'],
    ]) {
      customers[name] = await fundedCustomer(app, `${name} Recon`, '0.00', admin.id);
      await sql.query('update users set reference_code = $1 where id = $2', [code, customers[name]]);
    }
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  const upload = (body: Buffer | string, type = 'application/xml') =>
    admin.agent.post('/api/admin/bank-statements').set('Content-Type', type).send(Buffer.from(body));

  async function entriesOf(statementId: number): Promise<BankStatementEntry[]> {
    const response = await admin.agent.get(`/api/admin/bank-statements/${statementId}?limit=1000`).expect(200);
    return (response.body as BankStatementResponse).entries;
  }

  async function storedCounts(): Promise<string> {
    const [row] = await sql.query<{ counts: string }>(
      `select (select count(*) from bank_statements) || '/' || (select count(*) from bank_statement_lines) as counts`,
    );
    return row.counts;
  }

  it('imports camt.053 .02: matches by reference code (request of the same amount first), reasons for the rest', async () => {
    const request = await commands.execute<RequestDepositCommand, { depositRequest: { id: number } }>(
      new RequestDepositCommand(customers.Amy, '1500.00', testContext('user', customers.Amy)),
    );
    const response = await upload(fixture('camt053-v02.xml')).expect(201);
    const statement = response.body.statement as BankStatementSummary;
    expect(statement).toMatchObject({
      accountIban: 'CH9300762011623852957',
      from: '2026-11-20',
      to: '2026-11-20',
      entries: 5,
      credits: 5,
      debits: 0,
      suggested: 2,
      unmatched: 3,
      alreadyImported: 0,
    });
    const entries = await entriesOf(statement.id);
    expect(entries.map((e) => [e.amount, e.status, e.userId, e.suggestion, e.reason])).toEqual([
      [
        1500,
        'suggested',
        customers.Amy,
        { kind: 'deposit-request', depositRequestId: request.depositRequest.id },
        null,
      ],
      [2000, 'suggested', customers.Ben, { kind: 'direct-deposit' }, null],
      [1000, 'unmatched', null, null, 'reference check failed'],
      [1200, 'unmatched', null, null, 'currency EUR is not USD'],
      [3000, 'unmatched', null, null, 'no reference code in the remittance'],
    ]);
    expect(entries[0]).toMatchObject({ currency: 'USD', direction: 'credit', counterpartyName: 'Amy Example' });

    // the same file again: nothing new, same statement, 200
    const again = await upload(fixture('camt053-v02.xml')).expect(200);
    expect(again.body.statement).toMatchObject({ id: statement.id, entries: 5, alreadyImported: 5 });
    expect(await storedCounts()).toBe('1/5');
  });

  it('imports .08 batches (a line per transaction), reversals and pending entries, and .05 twins', async () => {
    const v08 = (await upload(fixture('camt053-v08.xml')).expect(201)).body.statement as BankStatementSummary;
    const lines = await entriesOf(v08.id);
    expect(lines.map((e) => [e.amount, e.direction, e.status, e.userId, e.reason])).toEqual([
      [1000, 'credit', 'suggested', customers.Dan, null],
      [2000, 'credit', 'suggested', customers.Eve, null],
      [3000, 'credit', 'unmatched', null, 'reference check failed'],
      [1500, 'debit', 'unmatched', null, 'reversal of an earlier entry'],
      [2500, 'credit', 'unmatched', null, 'not booked by the bank (pending or information only)'],
    ]);
    const v05 = (await upload(fixture('camt053-v05.xml')).expect(201)).body.statement as BankStatementSummary;
    expect(v05).toMatchObject({ entries: 3, suggested: 3 });
    await upload(fixture('camt053-v05.xml')).expect(200);
  });

  it('imports the CSV; a file with some known entries stores only the new ones', async () => {
    const csv = `${CSV_HEADER}\n2026-11-22,1700.00,USD,AMY2345C,Amy,,CSV-A1\n2026-11-22,10.00,GBP,BEN34565,Ben,,CSV-A2\n`;
    const first = (await upload(csv, 'text/csv').expect(201)).body.statement as BankStatementSummary;
    expect(first).toMatchObject({ entries: 2, suggested: 1, unmatched: 1 });
    const grown = `${csv}2026-11-23,1800.00,USD,ben-3456-5,Ben,,CSV-A3\n`;
    const second = (await upload(grown, 'text/csv').expect(201)).body.statement as BankStatementSummary;
    expect(second).toMatchObject({ entries: 1, suggested: 1, alreadyImported: 2 });
    expect(second.id).not.toBe(first.id);
  });

  it('stores a file once when two admins upload it at the same moment', async () => {
    const csv = `${CSV_HEADER}\n2026-11-27,1000.00,USD,AMY2345C,Amy,,TWICE-1\n2026-11-27,1100.00,USD,BEN34565,Ben,,TWICE-2\n`;
    const [first, second] = await Promise.all([upload(csv, 'text/csv'), upload(csv, 'text/csv')]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.statement.id).toBe(second.body.statement.id);
    const [lines] = await sql.query<{ n: number }>(
      "select count(*)::int as n from bank_statement_lines where entry_key like 'ref::TWICE-%'",
    );
    expect(lines.n).toBe(2);
  });

  it('refuses malformed files with 400 naming the line or element, and keeps nothing of them', async () => {
    const before = await storedCounts();
    const snapshot = await backOfficeSnapshot(app);
    const badAmount = readFileSync(join(FIXTURES, 'camt053-v02.xml'), 'utf8')
      .replace('BANK-REF-0001', 'BANK-REF-NEW1')
      .replace('<Amt Ccy="USD">2000.00</Amt>', '<Amt Ccy="USD">20,00</Amt>');
    const refused = await upload(badAmount).expect(400);
    expect(refused.body.message).toMatch(/^Line \d+: Ntry 2 Amt: "20,00" is not a positive amount/);
    expect((await upload('<Document><BkToCstmrStmt>').expect(400)).body.message).toMatch(
      /^Line 1: the XML is not well-formed/,
    );
    const bomb = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Document>&a;</Document>';
    expect((await upload(bomb).expect(400)).body.message).toMatch(/DOCTYPE/);
    expect(
      (
        await upload(
          `${CSV_HEADER}\n2026-11-22,1.00,USD,x,y,z,NEW-1\n2026-11-22,1.001,USD,x,y,z,NEW-2\n`,
          'text/csv',
        ).expect(400)
      ).body.message,
    ).toBe('Line 3: amount "1.001" is not an amount in whole cents.');
    expect((await upload(Buffer.from([0xff, 0xfe, 0x00]), 'text/csv').expect(400)).body.message).toBe(
      'The statement is not valid UTF-8 text.',
    );
    await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 0x20)).expect(413);
    await admin.agent.post('/api/admin/bank-statements').send({ file: 'x' }).expect(415);
    expect(await storedCounts()).toBe(before);
    expect(await backOfficeSnapshot(app)).toEqual(snapshot);
  });

  it('is for admins only', async () => {
    const customer = await signedIn(app, 'customer', 'Curious Customer');
    await customer.agent
      .post('/api/admin/bank-statements')
      .set('Content-Type', 'text/csv')
      .send(`${CSV_HEADER}\n`)
      .expect(403);
    await customer.agent.get('/api/admin/bank-statements').expect(403);
  });

  it('credits a suggested line through the deposit commands, once: the event links the line', async () => {
    const [statement] = (await admin.agent.get('/api/admin/bank-statements').expect(200)).body
      .statements as BankStatementSummary[];
    const v02 = (
      (await admin.agent.get('/api/admin/bank-statements').expect(200)).body.statements as BankStatementSummary[]
    ).find((s) => s.format === 'camt.053.001.02');
    expect(statement).toBeDefined();
    const [amyLine, benLine] = await entriesOf(v02!.id);
    const amyBefore = await balanceCents(app, customers.Amy);
    const credited = await admin.agent
      .post(`/api/admin/bank-statements/${v02!.id}/entries/${amyLine.id}/credit`)
      .send({})
      .expect(200);
    expect(credited.body.entry).toMatchObject({ id: amyLine.id, status: 'credited', userId: customers.Amy });
    expect(credited.body.entry.eventId).toEqual(expect.any(Number));
    expect(await balanceCents(app, customers.Amy)).toBe(amyBefore + 150000n);
    const [event] = await sql.query<{ type: string; payload: { statementLineId: number; depositRequestId: number } }>(
      'select type, payload from ledger_events where seq = $1',
      [credited.body.entry.eventId],
    );
    expect(event.type).toBe('DepositConfirmed');
    expect(event.payload.statementLineId).toBe(amyLine.id);
    expect(event.payload.depositRequestId).toBe(amyLine.depositRequestId);
    const [request] = await sql.query<{ status: string }>('select status from deposit_requests where id = $1', [
      amyLine.depositRequestId,
    ]);
    expect(request.status).toBe('confirmed');

    const again = await admin.agent
      .post(`/api/admin/bank-statements/${v02!.id}/entries/${amyLine.id}/credit`)
      .send({})
      .expect(409);
    expect(again.body.message).toBe('This statement line has already been credited.');
    // a manual assignment of an unmatched line to a customer: a direct deposit to them
    const entries = await entriesOf(v02!.id);
    const noCode = entries.find((e) => e.reason === 'no reference code in the remittance')!;
    const assigned = await admin.agent
      .post(`/api/admin/bank-statements/${v02!.id}/entries/${noCode.id}/credit`)
      .send({ userId: customers.Gab })
      .expect(200);
    expect(assigned.body.entry).toMatchObject({ status: 'credited', userId: customers.Gab, userName: 'Gab Recon' });
    // foreign currency and ignored lines are never credited
    const eur = entries.find((e) => e.currency === 'EUR')!;
    await admin.agent
      .post(`/api/admin/bank-statements/${v02!.id}/entries/${eur.id}/credit`)
      .send({ userId: customers.Amy })
      .expect(409);
    const wrongCheck = entries.find((e) => e.reason === 'reference check failed')!;
    const ignored = await admin.agent
      .post(`/api/admin/bank-statements/${v02!.id}/entries/${wrongCheck.id}/ignore`)
      .send({ reason: 'Asked the bank' })
      .expect(200);
    expect(ignored.body.entry).toMatchObject({ status: 'ignored', reason: 'Asked the bank' });
    await admin.agent
      .post(`/api/admin/bank-statements/${v02!.id}/entries/${wrongCheck.id}/credit`)
      .send({})
      .expect(409);
    await admin.agent
      .post(`/api/admin/bank-statements/${v02!.id}/entries/${benLine.id}/ignore`)
      .send({ reason: '' })
      .expect(400);
    // status filter
    const creditedOnly = await admin.agent.get(`/api/admin/bank-statements/${v02!.id}?status=credited`).expect(200);
    expect((creditedOnly.body as BankStatementResponse).entries.map((e) => e.id).sort()).toEqual(
      [amyLine.id, noCode.id].sort(),
    );
    await expectLedgerVerifies(app);
  });

  it('credits one line exactly once under 10 concurrent credits', async () => {
    const csv = `${CSV_HEADER}\n2026-11-24,4321.00,USD,DAN5678K,Dan,,RACE-1\n`;
    const statement = (await upload(csv, 'text/csv').expect(201)).body.statement as BankStatementSummary;
    const [line] = await entriesOf(statement.id);
    const before = await balanceCents(app, customers.Dan);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.agent.post(`/api/admin/bank-statements/${statement.id}/entries/${line.id}/credit`).send({}),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const r of responses.filter((r) => r.status === 409)) {
      expect(r.body.message).toBe('This statement line has already been credited.');
    }
    expect(await balanceCents(app, customers.Dan)).toBe(before + 432100n);
    const [links] = await sql.query<{ n: number }>(
      'select count(*)::int as n from deposits where bank_statement_line_id = $1',
      [line.id],
    );
    expect(links.n).toBe(1);
  });

  it('the database refuses a second credit of a line even to commands that skip the check before it', async () => {
    const csv = `${CSV_HEADER}\n2026-11-24,1234.00,USD,EVE6789Y,Eve,,RACE-2\n`;
    const statement = (await upload(csv, 'text/csv').expect(201)).body.statement as BankStatementSummary;
    const [line] = await entriesOf(statement.id);
    // 10 deposit commands naming the same line, to two customers, straight to the command bus
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        commands.execute(
          new ConfirmDepositCommand(
            i % 2 === 0 ? customers.Eve : customers.Ben,
            '1234.00',
            null,
            testContext('admin', admin.id),
            { id: line.id, amount: '1234.00' },
          ),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({
        constraint: 'deposits_bank_statement_line_key',
      });
    }
    const [links] = await sql.query<{ n: number }>(
      'select count(*)::int as n from deposits where bank_statement_line_id = $1',
      [line.id],
    );
    expect(links.n).toBe(1);
  });

  it('credits all suggested lines of a statement, skipping with reasons what cannot be', async () => {
    const csv =
      `${CSV_HEADER}\n2026-11-25,1100.00,USD,EVE6789Y,Eve,,BULK-1\n2026-11-25,1200.00,USD,GAB89238,Gab,,BULK-2\n` +
      `2026-11-25,1300.00,USD,GAB89238,Gab,,BULK-3\n2026-11-25,99.00,USD,nothing,X,,BULK-4\n`;
    const statement = (await upload(csv, 'text/csv').expect(201)).body.statement as BankStatementSummary;
    expect(statement.suggested).toBe(3);
    const result = (await admin.agent.post(`/api/admin/bank-statements/${statement.id}/credit-suggested`).expect(200))
      .body as CreditSuggestedResponse;
    expect(result).toEqual({ credited: 3, awaitingApproval: 0, skipped: [] });
    const again = (await admin.agent.post(`/api/admin/bank-statements/${statement.id}/credit-suggested`).expect(200))
      .body as CreditSuggestedResponse;
    expect(again).toEqual({ credited: 0, awaitingApproval: 0, skipped: [] });
    const entries = await entriesOf(statement.id);
    expect(entries.map((e) => e.status)).toEqual(['credited', 'credited', 'credited', 'unmatched']);
  });

  it('matches debit lines to paid payout items by end-to-end id, and lists payouts with no debit', async () => {
    const payee = await fundedCustomer(app, 'Paula Payee', '5000.00', admin.id);
    const payouts: number[] = [];
    for (const amount of ['1000.00', '1200.00']) {
      const { withdrawal } = await commands.execute<RequestWithdrawalCommand, { withdrawal: { id: number } }>(
        new RequestWithdrawalCommand(payee, amount, testContext('user', payee)),
      );
      await commands.execute(new ApproveWithdrawalCommand(withdrawal.id, testContext('admin', admin.id)));
      payouts.push(withdrawal.id);
    }
    // paid as the monthly job pays: a payout file whose items carry the pain.001 end-to-end ids
    const run = await app.app.get(PayoutRunService).run('2099-01-01', testContext('admin', admin.id));
    expect(run.paidOut).toBe(2);
    const [paid, unpaid] = payouts;
    const xml = `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt>
<Acct><Id><IBAN>CH9300762011623852957</IBAN></Id></Acct>
<Ntry><Amt Ccy="USD">1000.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt>
<AcctSvcrRef>PAYOUT-DEBIT-1</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><EndToEndId>WITHDRAWAL-${paid}</EndToEndId></Refs><Amt Ccy="USD">1000.00</Amt>
<RltdPties><Cdtr><Nm>Paula Payee</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="USD">1000.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt>
<AcctSvcrRef>PAYOUT-DEBIT-2</AcctSvcrRef><AddtlNtryInf>WITHDRAWAL-${paid}</AddtlNtryInf></Ntry>
<Ntry><Amt Ccy="USD">25.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt>
<AcctSvcrRef>FEE-1</AcctSvcrRef><AddtlNtryInf>Account fee</AddtlNtryInf></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
    const statement = (await upload(xml).expect(201)).body.statement as BankStatementSummary;
    const entries = await entriesOf(statement.id);
    expect(entries.map((e) => [e.status, e.withdrawalId, e.userId, e.endToEndId, e.reason])).toEqual([
      ['paid-out', paid, payee, `WITHDRAWAL-${paid}`, null],
      ['unmatched', null, null, null, `payout item WITHDRAWAL-${paid} is already matched to another debit`],
      ['unmatched', null, null, null, 'no payout end-to-end id (WITHDRAWAL-<id>)'],
    ]);
    await admin.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${entries[0].id}/credit`)
      .send({})
      .expect(409);
    // the other payout has no debit: listed once 5 business days have passed, not before
    const queries = app.app.get(QueryBus);
    const later = await queries.execute<ListUnmatchedPayoutsQuery, UnmatchedPayoutsResponse>(
      new ListUnmatchedPayoutsQuery(new Date(Date.now() + 10 * 86_400_000)),
    );
    expect(later.payouts.map((p) => p.withdrawalId)).toEqual([unpaid]);
    expect(later.payouts[0]).toMatchObject({
      endToEndId: `WITHDRAWAL-${unpaid}`,
      amount: 1200,
      userName: 'Paula Payee',
    });
    const now = (await admin.agent.get('/api/admin/bank-statements/unmatched-payouts').expect(200))
      .body as UnmatchedPayoutsResponse;
    expect(now.payouts).toEqual([]);
  });

  it('ledger verify fails when a credit link is broken, either way', async () => {
    await expectLedgerVerifies(app);
    const [link] = await sql.query<{ id: string; line: string }>(
      'select id::text as id, bank_statement_line_id::text as line from deposits where bank_statement_line_id is not null order by id limit 1',
    );
    // a line whose amount no longer matches its deposit
    await sql.query('update bank_statement_lines set amount_cents = amount_cents + 1 where id = $1', [link.line]);
    await expect(expectLedgerVerifies(app)).rejects.toThrow(/statement lines credited once.*differs from the amount/);
    await sql.query('update bank_statement_lines set amount_cents = amount_cents - 1 where id = $1', [link.line]);
    await expectLedgerVerifies(app);
    // a deposit whose link is gone from the read model: the replay (from the event) disagrees
    await sql.query('update deposits set bank_statement_line_id = null where id = $1', [link.id]);
    await expect(expectLedgerVerifies(app)).rejects.toThrow(/replay equals read models/);
    await sql.query('update deposits set bank_statement_line_id = $2 where id = $1', [link.id, link.line]);
  });

  it('refuses a customer id the line cannot go to, and unknown lines', async () => {
    const csv = `${CSV_HEADER}\n2026-11-26,1000.00,USD,nothing,X,,MANUAL-1\n`;
    const statement = (await upload(csv, 'text/csv').expect(201)).body.statement as BankStatementSummary;
    const [line] = await entriesOf(statement.id);
    await admin.agent.post(`/api/admin/bank-statements/${statement.id}/entries/${line.id}/credit`).send({}).expect(400);
    await admin.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${line.id}/credit`)
      .send({ userId: 2_000_000 })
      .expect(404);
    await admin.agent.post(`/api/admin/bank-statements/${statement.id}/entries/999999/credit`).send({}).expect(404);
    await admin.agent.get('/api/admin/bank-statements/999999').expect(404);
    const other = await insertUser(app, 'customer', 'Other Recon');
    const { depositRequest } = await commands.execute<RequestDepositCommand, { depositRequest: { id: number } }>(
      new RequestDepositCommand(other, '1000.00', testContext('user', other)),
    );
    await admin.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${line.id}/credit`)
      .send({ userId: customers.Amy, depositRequestId: depositRequest.id })
      .expect(400);
  });
});
