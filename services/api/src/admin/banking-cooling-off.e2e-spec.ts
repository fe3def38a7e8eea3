import request from 'supertest';
import { CLOCK, MailDelivery, MailRelay, SQL, type Clock } from '@savings/application';
import type { AdminWithdrawalsResponse } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { SmtpReceiver } from '@savings/testing';
import { startTestApp, type TestApp } from '../../test/test-app';
import { balanceCents, expectLedgerVerifies, signedIn, TEST_PASSWORD, type TestActor } from '../../test/back-office';

jest.setTimeout(60_000);

const GB_IBAN = 'GB82WEST12345698765432';
const DE_IBAN = 'DE89370400440532013000';

/**
 * The cooling-off of changed banking details and the customer notifications (api-contract.md section
 * 14), through the real API with a fixed clock; mail is read from a real SMTP server.
 */
describe('banking-detail cooling-off and customer mail', () => {
  let t: TestApp;
  let sql: Sql;
  let receiver: SmtpReceiver;
  let clock: Clock;
  let admin: TestActor;
  let customer: TestActor;
  const T0 = new Date('2031-05-04T08:00:00Z');

  beforeAll(async () => {
    receiver = await SmtpReceiver.start();
    t = await startTestApp({ SMTP_URL: receiver.url });
    sql = t.app.get<Sql>(SQL);
    clock = t.app.get<Clock>(CLOCK);
    admin = await signedIn(t, 'admin', 'Cooling Admin');
    customer = await signedIn(t, 'customer', 'Cooling Customer');
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(t);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
  afterEach(() => jest.restoreAllMocks());

  async function sendOutbox(): Promise<void> {
    const relay = t.app.get(MailRelay, { strict: false });
    const delivery = t.app.get(MailDelivery, { strict: false });
    for (const { outboxId } of await relay.due()) await delivery.deliver(outboxId, { lastAttempt: true });
  }

  const saveBanking = (iban: string) =>
    customer.agent
      .put('/api/user/banking-details')
      .send({ beneficiaryName: 'Cooling Customer', iban, swift: 'DEUTDEFF' });
  const requestWithdrawal = async (amount: string): Promise<number> => {
    const response = await customer.agent.post('/api/user/withdrawal').send({ amount });
    expect(response.status).toBe(201);
    return response.body.withdrawal.id;
  };
  const approve = (id: number) => admin.agent.patch(`/api/admin/withdrawals/${id}/approve`);
  const listed = async (id: number) => {
    const response = await admin.agent.get('/api/admin/withdrawals?status=pending');
    expect(response.status).toBe(200);
    return (response.body as AdminWithdrawalsResponse).withdrawals.find((w) => w.id === id);
  };

  it('exempts the first save, holds approval 48 hours after a change, then allows it; mails each cause once', async () => {
    const now = jest.spyOn(clock, 'now').mockReturnValue(T0);
    // first save: no cooling-off
    expect((await saveBanking(GB_IBAN)).status).toBe(200);
    const deposit = await admin.agent.post('/api/admin/deposits/confirm').send({ userId: customer.id, amount: '9000' });
    expect(deposit.status).toBe(201);
    const first = await requestWithdrawal('1000');
    expect((await listed(first))?.approvableAfter).toBeNull();
    expect((await approve(first)).status).toBe(200);

    // a change starts the cooling-off, for every pending withdrawal
    now.mockReturnValue(new Date(T0.getTime() + 60_000));
    expect((await saveBanking(DE_IBAN)).status).toBe(200);
    // saving the same details again is no change
    expect((await saveBanking(DE_IBAN)).status).toBe(200);
    // the first withdrawal was approved for the old details: pending again, held by the cooling-off
    // (api-contract.md section 15; payout-destination.e2e-spec follows it to the payout file)
    expect(await listed(first)).toMatchObject({
      status: 'pending',
      processedAt: null,
      approvableAfter: new Date(T0.getTime() + 60_000 + 48 * 3_600_000).toISOString(),
      returnedForReapproval: { reason: 'banking-details-changed' },
    });
    const second = await requestWithdrawal('2000');
    const until = new Date(T0.getTime() + 60_000 + 48 * 3_600_000);
    expect((await listed(second))?.approvableAfter).toBe(until.toISOString());

    now.mockReturnValue(new Date(until.getTime() - 1000));
    const balanceBefore = await balanceCents(t, customer.id);
    const held = await approve(second);
    expect(held.status).toBe(409);
    expect(held.body).toEqual({
      message: 'Banking details changed recently; approval possible after 2031-05-06 08:01 UTC',
    });
    expect(await balanceCents(t, customer.id)).toBe(balanceBefore);
    const [row] = await sql.query<{ status: string }>('select status from withdrawals where id = $1', [second]);
    expect(row.status).toBe('pending');

    now.mockReturnValue(new Date(until.getTime() + 1000));
    expect((await listed(second))?.approvableAfter).toBeNull();
    expect((await approve(second)).status).toBe(200);
    expect(await balanceCents(t, customer.id)).toBe(balanceBefore - 200_000n);
    // approving again moves nothing and mails nothing
    expect((await approve(second)).status).toBe(409);

    // the customer changes the password too
    const changed = await customer.agent
      .put('/api/user/change-password')
      .send({ currentPassword: TEST_PASSWORD, newPassword: 'fresh-secret', confirmPassword: 'fresh-secret' });
    expect(changed.status).toBe(200);

    await sendOutbox();
    await sendOutbox(); // a second pass finds nothing left to send
    const subjects = receiver.to(customer.email).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(
      [
        'Deposit of $9,000.00 confirmed',
        'Withdrawal of $1,000.00 approved',
        'Withdrawal of $1,000.00 needs a new approval',
        'Withdrawal of $2,000.00 approved',
        'Your banking details were changed',
        'Your banking details were changed',
        'Your password was changed',
      ].sort(),
    );
    const banking = receiver.to(customer.email).filter((mail) => mail.subject === 'Your banking details were changed');
    expect(banking.map((mail) => mail.text.includes('can be approved after'))).toEqual([false, true]);
    expect(banking[1].text).toContain('DE89 … 3000');
    expect(banking[1].text).not.toContain(DE_IBAN);
  });

  it('reads the cooling-off from BANKING_COOLDOWN_HOURS', async () => {
    const other = await startTestApp({ SMTP_URL: receiver.url, BANKING_COOLDOWN_HOURS: '0' }, { keepDatabase: true });
    try {
      const agent = request.agent(other.server);
      await agent.post('/api/auth/login').send({ email: customer.email, password: 'fresh-secret' }).expect(200);
      await agent
        .put('/api/user/banking-details')
        .send({ beneficiaryName: 'Cooling Customer', iban: GB_IBAN, swift: 'DEUTDEFF' })
        .expect(200);
      const id = (await agent.post('/api/user/withdrawal').send({ amount: '1000' }).expect(201)).body.withdrawal.id;
      const adminAgent = request.agent(other.server);
      await adminAgent.post('/api/auth/login').send({ email: admin.email, password: TEST_PASSWORD }).expect(200);
      expect((await adminAgent.patch(`/api/admin/withdrawals/${id}/approve`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
