import type request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { ConfirmDepositCommand } from '@savings/application';
import { Messages } from '@savings/contracts';
import { backOfficeSnapshot, saveBankingDetails, signedIn, testContext, type TestActor } from '../../test/back-office';
import { startTestApp, type TestApp } from '../../test/test-app';

const NOT_PLAIN = [' 1000', '1000 ', '01000', '+1000', ' 1000.00 ', '0001500', '+0.50'];

/**
 * Amount text is plain (api-contract.md section 15): a decimal string amount with surrounding spaces, a
 * sign or leading zeros is 400 on every route that reads an amount, and nothing moves. Before, `" 1000"`
 * and `"01000"` were read as 1000.00: what a program sent was not exactly what was booked.
 */
describe('amount text', () => {
  let t: TestApp;
  let admin: TestActor;
  let customer: TestActor['agent'];
  let customerId: number;
  let withdrawalId: number;
  let depositRequestId: number;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedIn(t, 'admin', 'Amount Admin');
    const saver = await signedIn(t, 'customer', 'Amount Saver');
    customerId = saver.id;
    customer = saver.agent;
    await saveBankingDetails(t, customerId);
    await t.app
      .get(CommandBus)
      .execute(new ConfirmDepositCommand(customerId, '5000.00', 'opening balance', testContext('admin', admin.id)));
    withdrawalId = (await customer.post('/api/user/withdrawal').send({ amount: '1000.00' }).expect(201)).body.withdrawal
      .id;
    depositRequestId = (await customer.post('/api/user/deposit-request').send({ amount: '2000' }).expect(201)).body
      .depositRequest.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const routes: [string, (amount: string) => request.Test][] = [
    ['a deposit request', (amount) => customer.post('/api/user/deposit-request').send({ amount })],
    ['a withdrawal', (amount) => customer.post('/api/user/withdrawal').send({ amount })],
    [
      'an admin balance move',
      (amount) => admin.agent.patch(`/api/admin/users/${customerId}/balance`).send({ amount, operation: 'add' }),
    ],
    [
      'a direct deposit',
      (amount) => admin.agent.post('/api/admin/deposits/confirm').send({ userId: customerId, amount }),
    ],
    [
      'a withdrawal edit',
      (amount) => admin.agent.patch(`/api/admin/withdrawals/${withdrawalId}/edit`).send({ amount }),
    ],
    [
      'a deposit request edit',
      (amount) => admin.agent.patch(`/api/admin/deposit-requests/${depositRequestId}/edit`).send({ amount }),
    ],
  ];

  it.each(routes)('refuses a padded, signed or zero-led amount on %s (400) and moves nothing', async (_, send) => {
    const before = await backOfficeSnapshot(t);
    for (const amount of NOT_PLAIN) {
      const response = await send(amount);
      expect([amount, response.status]).toEqual([amount, 400]);
      expect(response.body.message).toBe(Messages.invalidAmount);
    }
    expect(await backOfficeSnapshot(t)).toEqual(before);
  });

  it('still takes plain decimal strings, "0.50" included', async () => {
    await admin.agent
      .patch(`/api/admin/users/${customerId}/balance`)
      .send({ amount: '0.50', operation: 'add' })
      .expect(200);
    await admin.agent.patch(`/api/admin/withdrawals/${withdrawalId}/edit`).send({ amount: '1000.5' }).expect(200);
  });
});
