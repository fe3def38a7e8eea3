import { SQL } from '@savings/application';
import type { BankStatementEntry, BankStatementResponse, BankStatementSummary } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import { balanceCents, expectLedgerVerifies, fundedCustomer, signedIn, type TestActor } from '../../test/back-office';

jest.setTimeout(120_000);

const CSV_HEADER = 'booking_date,amount,currency,remittance,counterparty_name,counterparty_iban,entry_ref';

/** Statement credits are deposit commands: four eyes and separation of duties apply to them as they are. */
describe('bank statement credits under staff controls', () => {
  let app: TestApp;
  let sql: Sql;
  let maker: TestActor;
  let checker: TestActor;
  let amy: number;
  let ben: number;

  beforeAll(async () => {
    app = await startTestApp({ FOUR_EYES_THRESHOLD: '2000' });
    sql = app.app.get<Sql>(SQL);
    maker = await signedIn(app, 'admin', 'Maker Admin');
    checker = await signedIn(app, 'admin', 'Checker Admin');
    amy = await fundedCustomer(app, 'Amy Eyes', '0.00', checker.id);
    ben = await fundedCustomer(app, 'Ben Eyes', '0.00', checker.id);
    for (const [id, code] of [
      [amy, 'AMY2345C'],
      [ben, 'BEN34565'],
      [maker.id, 'DAN5678K'],
    ] as const) {
      await sql.query('update users set reference_code = $1 where id = $2', [code, id]);
    }
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  async function entriesOf(statementId: number): Promise<BankStatementEntry[]> {
    const response = await maker.agent.get(`/api/admin/bank-statements/${statementId}`).expect(200);
    return (response.body as BankStatementResponse).entries;
  }

  it('credits below the threshold at once, asks a second admin for the rest, never the own account', async () => {
    const csv =
      `${CSV_HEADER}\n2026-11-20,1500.00,USD,AMY2345C,Amy,,EYES-1\n2026-11-20,2500.00,USD,BEN34565,Ben,,EYES-2\n` +
      `2026-11-20,1200.00,USD,DAN5678K,Maker,,EYES-3\n`;
    const statement = (
      await maker.agent
        .post('/api/admin/bank-statements')
        .set('Content-Type', 'text/csv')
        .send(Buffer.from(csv))
        .expect(201)
    ).body.statement as BankStatementSummary;
    expect(statement.suggested).toBe(3);

    const bulk = await maker.agent.post(`/api/admin/bank-statements/${statement.id}/credit-suggested`).expect(200);
    const [small, large, own] = await entriesOf(statement.id);
    expect(bulk.body).toEqual({
      credited: 1,
      awaitingApproval: 1,
      skipped: [{ entryId: own.id, reason: 'You cannot act on your own account' }],
    });
    expect(small.status).toBe('credited');
    expect(await balanceCents(app, amy)).toBe(150000n);
    // the large line waits for a second admin: not credited, not creditable again meanwhile
    expect(large).toMatchObject({ status: 'suggested', eventId: null, approvalId: expect.any(Number) });
    expect(await balanceCents(app, ben)).toBe(0n);
    const again = await maker.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${large.id}/credit`)
      .send({})
      .expect(409);
    expect(again.body.message).toBe('This statement line is awaiting approval by a second admin.');
    await checker.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${large.id}/credit`)
      .send({})
      .expect(409);

    // the maker cannot approve it; the checker can, and the grant credits exactly that line
    await maker.agent.post(`/api/admin/approvals/${large.approvalId}/approve`).expect(403);
    await checker.agent.post(`/api/admin/approvals/${large.approvalId}/approve`).expect(200);
    const [, granted] = await entriesOf(statement.id);
    expect(granted).toMatchObject({ status: 'credited', userId: ben, approvalId: null, eventId: expect.any(Number) });
    expect(await balanceCents(app, ben)).toBe(250000n);
    const [event] = await sql.query<{ payload: { statementLineId: number }; metadata: Record<string, unknown> }>(
      'select payload, metadata from ledger_events where seq = $1',
      [granted.eventId],
    );
    expect(event.payload.statementLineId).toBe(large.id);
    expect(event.metadata).toMatchObject({ makerId: maker.id, checkerId: checker.id });
    await checker.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${large.id}/credit`)
      .send({})
      .expect(409);

    // the maker's own transfer is credited by another admin only
    const ownRefused = await maker.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${own.id}/credit`)
      .send({})
      .expect(403);
    expect(ownRefused.body.message).toBe('You cannot act on your own account');
    await checker.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${own.id}/credit`)
      .send({})
      .expect(200);
    expect(await balanceCents(app, maker.id)).toBe(120000n);
    await expectLedgerVerifies(app);
  });

  it('a rejected approval leaves the line open to be credited again', async () => {
    const csv = `${CSV_HEADER}\n2026-11-21,3000.00,USD,AMY2345C,Amy,,EYES-4\n`;
    const statement = (
      await maker.agent
        .post('/api/admin/bank-statements')
        .set('Content-Type', 'text/csv')
        .send(Buffer.from(csv))
        .expect(201)
    ).body.statement as BankStatementSummary;
    const [line] = await entriesOf(statement.id);
    const asked = await maker.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${line.id}/credit`)
      .send({})
      .expect(202);
    const approvalId = asked.body.approval.id as number;
    await checker.agent
      .post(`/api/admin/approvals/${approvalId}/reject`)
      .send({ reason: 'Wait for the bank' })
      .expect(200);
    const [open] = await entriesOf(statement.id);
    expect(open).toMatchObject({ status: 'suggested', approvalId: null });
    const second = await maker.agent
      .post(`/api/admin/bank-statements/${statement.id}/entries/${line.id}/credit`)
      .send({})
      .expect(202);
    await checker.agent.post(`/api/admin/approvals/${second.body.approval.id}/approve`).expect(200);
    const [credited] = await entriesOf(statement.id);
    expect(credited.status).toBe('credited');
  });
});
