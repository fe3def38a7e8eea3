import request from 'supertest';
import { QueryBus } from '@nestjs/cqrs';
import {
  CLOCK,
  MailDelivery,
  MailRelay,
  PayoutRunService,
  SQL,
  VerifyLedgerQuery,
  type Clock,
} from '@savings/application';
import type { AdminWithdrawalsResponse, VerifyReport, WithdrawalsResponse } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { PAYOUT_FILE_FORMATS, renderPayoutFile, type PayoutFileIssuedData } from '@savings/domain';
import { eventHash } from '@savings/ledger';
import { SmtpReceiver } from '@savings/testing';
import { createHash } from 'node:crypto';
import { expectLedgerVerifies, signedIn, testContext, type TestActor } from '../../test/back-office';
import { startTestApp, type TestApp } from '../../test/test-app';

jest.setTimeout(90_000);

const GB_IBAN = 'GB82WEST12345698765432';
const DE_IBAN = 'DE89370400440532013000';
/** the attacker's own account, for the SQL tamper of the last test */
const FR_IBAN = 'FR1420041010050500013M02606';
const BYSTANDER_IBAN = 'NL91ABNA0417164300';
const T0 = new Date('2031-05-04T08:00:00Z');
const HOUR = 3_600_000;

/** The exact bytes of a response, whatever its content type. */
function bytes(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * Issue 31's High finding, as the attacker tried it (api-contract.md section 15): a withdrawal approved
 * to one IBAN, a stolen session saves another one minute before the monthly payout. Through the real
 * API on real PostgreSQL and Redis, down to the payout file's stored bytes (CSV and pain.001): the new
 * IBAN is never paid, the withdrawal is pending again (held, mailed, notified), and a new approval
 * after the cooling-off pays the new details. `ledger verify` names an item whose details were changed
 * in SQL even when the tamperer re-rendered, re-hashed and re-stored everything consistently.
 */
describe('payouts go where they were approved', () => {
  let t: TestApp;
  let sql: Sql;
  let clock: Clock;
  let receiver: SmtpReceiver;
  let admin: TestActor;
  let secondAdmin: TestActor;
  let victim: TestActor;
  let bystander: TestActor;
  let victimWithdrawal: number;
  let bystanderWithdrawal: number;
  let now: jest.SpyInstance<Date, []>;

  beforeAll(async () => {
    receiver = await SmtpReceiver.start();
    t = await startTestApp({ SMTP_URL: receiver.url });
    sql = t.app.get<Sql>(SQL);
    clock = t.app.get<Clock>(CLOCK);
    now = jest.spyOn(clock, 'now').mockReturnValue(T0);
    admin = await signedIn(t, 'admin', 'Payout Admin');
    secondAdmin = await signedIn(t, 'admin', 'Other Admin');
    victim = await signedIn(t, 'customer', 'Victim Customer');
    bystander = await signedIn(t, 'customer', 'Bystander Customer');
    victimWithdrawal = await approvedWithdrawal(victim, GB_IBAN, '2000');
    bystanderWithdrawal = await approvedWithdrawal(bystander, BYSTANDER_IBAN, '1000');
  });
  afterAll(async () => {
    now?.mockRestore();
    await t?.close();
    await receiver?.close();
  });

  const saveBanking = (customer: TestActor, iban: string, name = 'Victim Customer') =>
    customer.agent.put('/api/user/banking-details').send({ beneficiaryName: name, iban, swift: 'DEUTDEFF' });

  /** banking details saved (first save: no cooling-off), funded, a withdrawal requested and approved, all by API */
  async function approvedWithdrawal(customer: TestActor, iban: string, amount: string): Promise<number> {
    const name = customer === bystander ? 'Bystander Customer' : 'Victim Customer';
    expect((await saveBanking(customer, iban, name)).status).toBe(200);
    await admin.agent.post('/api/admin/deposits/confirm').send({ userId: customer.id, amount: '9000' }).expect(201);
    const requested = await customer.agent.post('/api/user/withdrawal').send({ amount }).expect(201);
    const id = requested.body.withdrawal.id as number;
    await admin.agent.patch(`/api/admin/withdrawals/${id}/approve`).expect(200);
    return id;
  }

  async function payout(date: string) {
    return t.app.get(PayoutRunService).run(date, testContext('admin', admin.id));
  }

  async function download(fileId: number): Promise<Record<'csv' | 'xml', string>> {
    const files = { csv: '', xml: '' };
    for (const format of PAYOUT_FILE_FORMATS) {
      const res = await admin.agent.get(`/api/admin/payouts/${fileId}/${format}`).buffer(true).parse(bytes).expect(200);
      files[format] = (res.body as Buffer).toString('utf8');
    }
    return files;
  }

  async function sendOutbox(): Promise<void> {
    const relay = t.app.get(MailRelay, { strict: false });
    const delivery = t.app.get(MailDelivery, { strict: false });
    for (const { outboxId } of await relay.due()) await delivery.deliver(outboxId, { lastAttempt: true });
  }

  const balances = async (customer: TestActor) =>
    (await customer.agent.get('/api/user/dashboard').expect(200)).body.user as {
      balance: number;
      availableBalance: number;
    };

  it('the attack: IBAN changed a minute before the payout; the file pays only the bystander, never the new IBAN', async () => {
    expect(await balances(victim)).toMatchObject({ balance: 7000, availableBalance: 7000 });
    // one minute before the payout, the stolen session saves the attacker's IBAN
    now.mockReturnValue(new Date(T0.getTime() + 60_000));
    expect((await saveBanking(victim, DE_IBAN)).status).toBe(200);

    // the withdrawal is pending again, its money held: nothing left the account, nothing is payable
    const mine = ((await victim.agent.get('/api/user/withdrawals').expect(200)).body as WithdrawalsResponse)
      .withdrawals;
    expect(mine.find((w) => w.id === victimWithdrawal)).toMatchObject({
      status: 'pending',
      processedAt: null,
      returnedForReapproval: {
        reason: 'banking-details-changed',
        message: 'The banking details changed after this withdrawal was approved, so it needs a new approval.',
      },
    });
    expect(await balances(victim)).toMatchObject({ balance: 9000, availableBalance: 7000 });
    const listed = (
      (await admin.agent.get('/api/admin/withdrawals?status=pending').expect(200)).body as AdminWithdrawalsResponse
    ).withdrawals.find((w) => w.id === victimWithdrawal);
    expect(listed).toMatchObject({
      status: 'pending',
      userIban: DE_IBAN,
      approvableAfter: new Date(T0.getTime() + 60_000 + 48 * HOUR).toISOString(),
      returnedForReapproval: { reason: 'banking-details-changed' },
    });
    const notifications = (await admin.agent.get('/api/admin/notifications').expect(200)).body.notifications as {
      type: string;
      message: string;
      relatedId: number;
    }[];
    expect(notifications.find((n) => n.type === 'withdrawal_returned')).toMatchObject({
      relatedId: victimWithdrawal,
      message: expect.stringContaining("Victim Customer's withdrawal of $2,000.00 is pending again."),
    });

    // the monthly payout, right after
    const run = await payout('2031-06-01');
    expect(run.paidOut).toBe(1);
    expect(run.files).toHaveLength(1);
    expect(run.files[0].withdrawalCount).toBe(1);
    const files = await download(run.files[0].id);
    for (const format of PAYOUT_FILE_FORMATS) {
      expect(files[format]).toContain(BYSTANDER_IBAN);
      expect(files[format]).toContain(`WITHDRAWAL-${bystanderWithdrawal}`);
      expect(files[format]).not.toContain(DE_IBAN);
      expect(files[format]).not.toContain(`WITHDRAWAL-${victimWithdrawal}`);
    }
    const [row] = await sql.query<{ status: string }>('select status from withdrawals where id = $1', [
      victimWithdrawal,
    ]);
    expect(row.status).toBe('pending');
    expect(await balances(victim)).toMatchObject({ balance: 9000, availableBalance: 7000 });

    // the new IBAN is in its cooling-off: no admin can approve the withdrawal to it yet
    const held = await admin.agent.patch(`/api/admin/withdrawals/${victimWithdrawal}/approve`);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe('Banking details changed recently; approval possible after 2031-05-06 08:01 UTC');

    // the customer is mailed (a security notice), every admin is mailed that it needs a new approval
    await sendOutbox();
    const toVictim = receiver
      .to(victim.email)
      .find((mail) => mail.subject === 'Withdrawal of $2,000.00 needs a new approval');
    expect(toVictim?.text).toContain('Your banking details changed after your withdrawal of $2,000.00 was approved');
    expect(toVictim?.text).toContain('If this was not you, reset your password at once');
    for (const staff of [admin, secondAdmin]) {
      const mail = receiver
        .to(staff.email)
        .find((m) => m.subject === 'New approval needed: withdrawal of $2,000.00 for Victim Customer');
      expect(mail?.text).toContain('It can be approved after');
    }
    await expectLedgerVerifies(t);
  });

  it('a change that reached the database without its return (a crash, or SQL) is caught by the payout itself', async () => {
    now.mockReturnValue(new Date(T0.getTime() + 72 * HOUR));
    const requested = await bystander.agent.post('/api/user/withdrawal').send({ amount: '1500' }).expect(201);
    const id = requested.body.withdrawal.id as number;
    await admin.agent.patch(`/api/admin/withdrawals/${id}/approve`).expect(200);
    // the details change behind the application's back: no return, no cooling-off
    await sql.query('update users set iban = $2 where id = $1', [bystander.id, FR_IBAN]);

    const run = await payout('2031-07-01');
    expect(run.files).toEqual([]);
    expect(run.leftOut).toEqual([
      { withdrawalId: id, userId: bystander.id, amountCents: 150000n, reason: 'banking-details-differ-at-payout' },
    ]);
    const mine = ((await bystander.agent.get('/api/user/withdrawals').expect(200)).body as WithdrawalsResponse)
      .withdrawals;
    expect(mine.find((w) => w.id === id)).toMatchObject({
      status: 'pending',
      returnedForReapproval: { reason: 'banking-details-differ-at-payout' },
    });
    const [file] = await sql.query<{ n: number }>(
      'select count(*)::int as n from payout_file_items where withdrawal_id = $1',
      [id],
    );
    expect(file.n).toBe(0);
    // put back as it was, for the tests after this one
    await sql.query('update users set iban = $2 where id = $1', [bystander.id, BYSTANDER_IBAN]);
    await expectLedgerVerifies(t);
  });

  it('after the cooling-off, a new approval records the new details and the payout pays them', async () => {
    now.mockReturnValue(new Date(T0.getTime() + 60_000 + 49 * HOUR));
    await secondAdmin.agent.patch(`/api/admin/withdrawals/${victimWithdrawal}/approve`).expect(200);
    const run = await payout('2031-08-01');
    expect(run.leftOut).toEqual([]);
    const files = await download(run.files[0].id);
    expect(files.csv).toContain(`Victim Customer,${DE_IBAN},DEUTDEFF,2000.00,Withdrawal ${victimWithdrawal} `);
    expect(files.xml).toContain(`<IBAN>${DE_IBAN}</IBAN>`);
    expect(await balances(victim)).toMatchObject({ balance: 7000, availableBalance: 7000 });
  });

  it('ledger verify names an item whose details were changed in SQL, even re-rendered and re-hashed consistently', async () => {
    const report = await expectLedgerVerifies(t);
    expect(report.checks.find((check) => check.name === 'payout files match the ledger')?.detail).toContain(
      'every item paid to the banking details its approval recorded',
    );
    // a new file, not sealed into a block yet (verify seals what it finds: the tamperer is quick)
    now.mockReturnValue(new Date(T0.getTime() + 100 * HOUR));
    const requested = await victim.agent.post('/api/user/withdrawal').send({ amount: '1000' }).expect(201);
    const id = requested.body.withdrawal.id as number;
    await admin.agent.patch(`/api/admin/withdrawals/${id}/approve`).expect(200);
    const run = await payout('2031-09-01');
    const fileId = run.files[0].id;

    // a tamperer with database rights sends the transfer to another IBAN: the event's item, its hash
    // and the stream head, the stored CSV and XML and their hashes, all rewritten to agree
    const [issued] = await sql.query<{
      seq: string;
      stream_id: string;
      version: number;
      type: string;
      schema_version: number;
      payload: PayoutFileIssuedData;
      metadata: unknown;
      occurred_at: Date;
      prev_hash: string;
    }>(
      `select seq::text, stream_id, version, type, schema_version, payload, metadata, occurred_at, prev_hash
         from ledger_events where stream_id = $1`,
      [`payout-file-${fileId}`],
    );
    const forged: PayoutFileIssuedData = {
      ...issued.payload,
      items: issued.payload.items.map((item) => (item.withdrawalId === id ? { ...item, iban: FR_IBAN } : item)),
    };
    const rendered = {
      csv: Buffer.from(renderPayoutFile(forged, 'csv'), 'utf8'),
      xml: Buffer.from(renderPayoutFile(forged, 'xml'), 'utf8'),
    };
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    forged.sha256 = { csv: sha(rendered.csv), xml: sha(rendered.xml) };
    const hash = eventHash(issued.prev_hash, {
      streamId: issued.stream_id,
      version: issued.version,
      type: issued.type,
      schemaVersion: issued.schema_version,
      payload: forged,
      metadata: issued.metadata,
      occurredAt: new Date(issued.occurred_at),
    });
    await sql.withConnection(async (connection) => {
      await connection.query('begin');
      await connection.query('set local session_replication_role = replica');
      await connection.query('update ledger_events set payload = $2, hash = $3 where seq = $1', [
        issued.seq,
        JSON.stringify(forged),
        hash,
      ]);
      await connection.query('update ledger_streams set last_hash = $2 where stream_id = $1', [issued.stream_id, hash]);
      for (const format of PAYOUT_FILE_FORMATS) {
        await connection.query(
          'update payout_file_documents set content = $3, sha256 = $4 where payout_file_id = $1 and format = $2',
          [fileId, format, rendered[format], forged.sha256[format]],
        );
      }
      await connection.query('commit');
    });
    expect((await download(fileId)).csv).toContain(FR_IBAN);

    const tampered = await t.app.get(QueryBus).execute<VerifyLedgerQuery, VerifyReport>(new VerifyLedgerQuery());
    expect(tampered.ok).toBe(false);
    const failed = tampered.checks.filter((check) => !check.ok);
    // only the fingerprint shows it: the chain, the blocks, the bytes and their hashes all agree
    expect(failed).toEqual([
      expect.objectContaining({
        name: 'payout files match the ledger',
        detail:
          `FAILED: payout file ${fileId} (payout-2031-09-01-${fileId}.csv, payout-2031-09-01-${fileId}.xml): ` +
          `item WITHDRAWAL-${id} (withdrawal ${id}) pays banking details other than the ones its approval recorded`,
      }),
    ]);
  });
});
