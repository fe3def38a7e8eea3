import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WithdrawalResult } from '@savings/contracts';
import {
  APP_CONFIG,
  ApproveWithdrawalCommand,
  PayoutRunService,
  RequestWithdrawalCommand,
  ReturnWithdrawalForReapprovalCommand,
  SQL,
  type CommandContext,
} from '@savings/application';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { bankingFingerprint, verifyLedger } from '@savings/ledger';
import { resetDatabase } from '@savings/testing';
import { adminContext, fundedUser, startApplication, workerTestConfig } from '../testing/worker-test-kit';

const PAYOUT_DATE = '2027-04-01';
const FR_IBAN = 'FR1420041010050500013M02606';
const context: CommandContext = { actor: { kind: 'job', id: 'monthly-withdrawals' }, correlationId: 'destination' };

/**
 * A payout run that stopped after claiming its file and before paying it (api-contract.md section 15):
 * when it is finished, an item whose details were changed in the claimed file (SQL), or whose
 * withdrawal went back to pending meanwhile (the customer saved new details), is not paid, leaves the
 * file and is reported; the rest is paid and issued; verify holds.
 */
describe('a claimed payout file is paid only to the approved details', () => {
  let app: INestApplicationContext;
  let sql: Sql;
  let config: AppConfig;
  const withdrawals: Record<'tampered' | 'changed' | 'kept', { id: number; userId: number }> = {} as never;

  beforeAll(async () => {
    await resetDatabase();
    app = await startApplication(workerTestConfig());
    sql = app.get<Sql>(SQL);
    config = app.get<AppConfig>(APP_CONFIG);
    for (const name of ['tampered', 'changed', 'kept'] as const) {
      const userId = await fundedUser(app, '5000.00', `Payee ${name}`);
      const requested = await app
        .get(CommandBus)
        .execute<RequestWithdrawalCommand, WithdrawalResult>(
          new RequestWithdrawalCommand(userId, '1000.00', { actor: { kind: 'user', id: userId }, correlationId: 't' }),
        );
      await app.get(CommandBus).execute(new ApproveWithdrawalCommand(requested.withdrawal.id, adminContext));
      withdrawals[name] = { id: requested.withdrawal.id, userId };
    }
  }, 60_000);

  afterAll(() => app.close());

  it('leaves out what may not be paid there, pays and issues the rest', async () => {
    // the first run claims the file, then cannot pay (the database refuses payouts once)
    await sql.query(`create function refuse_payouts() returns trigger language plpgsql as $$
      begin raise exception 'connection lost'; end $$`);
    await sql.query(`create trigger refuse_payouts before insert on ledger_events
      for each row when (new.type = 'WithdrawalPaidOut') execute function refuse_payouts()`);
    await expect(app.get(PayoutRunService).run(PAYOUT_DATE, context)).rejects.toThrow(/connection lost/);
    await sql.query('drop trigger refuse_payouts on ledger_events');
    await sql.query('drop function refuse_payouts()');
    const [claimed] = await sql.query<{ n: number }>('select count(*)::int as n from payout_file_items');
    expect(claimed.n).toBe(3);

    // meanwhile: one claimed item is redirected in SQL; another customer saves new details (the save
    // returns their approved withdrawal, as UpdateBankingDetailsHandler does)
    await sql.query('update payout_file_items set iban = $2 where withdrawal_id = $1', [
      withdrawals.tampered.id,
      FR_IBAN,
    ]);
    await sql.query('update users set iban = $2 where id = $1', [withdrawals.changed.userId, FR_IBAN]);
    const fingerprint = bankingFingerprint(config.bankingFingerprintKey, {
      beneficiaryName: 'Payee changed',
      iban: FR_IBAN,
      bic: 'DEUTDEFF',
    });
    await app.get(CommandBus).execute(
      new ReturnWithdrawalForReapprovalCommand(withdrawals.changed.id, 'banking-details-changed', fingerprint, {
        actor: { kind: 'user', id: withdrawals.changed.userId },
        correlationId: 'saved',
      }),
    );

    const next = await app.get(PayoutRunService).run(PAYOUT_DATE, context);
    expect(next.paidOut).toBe(1);
    expect(next.files).toEqual([expect.objectContaining({ withdrawalCount: 1, totalCents: 100000n })]);
    expect(next.leftOut).toEqual([
      {
        withdrawalId: withdrawals.tampered.id,
        userId: withdrawals.tampered.userId,
        amountCents: 100000n,
        reason: 'banking-details-differ-at-payout',
      },
      {
        withdrawalId: withdrawals.changed.id,
        userId: withdrawals.changed.userId,
        amountCents: 100000n,
        reason: 'banking-details-changed',
      },
    ]);
    const rows = await sql.query<{ id: string; status: string; balance: string; held: string }>(
      `select w.id::text, w.status, a.balance_cents::text as balance, a.held_cents::text as held
         from withdrawals w join accounts a on a.user_id = w.user_id order by w.id`,
    );
    expect(rows.map(({ status, balance, held }) => ({ status, balance, held }))).toEqual([
      { status: 'pending', balance: '500000', held: '100000' },
      { status: 'pending', balance: '500000', held: '100000' },
      { status: 'completed', balance: '400000', held: '0' },
    ]);
    const [documents] = await sql.query<{ csv: string }>(
      "select convert_from(content, 'UTF8') as csv from payout_file_documents where format = 'csv'",
    );
    expect(documents.csv).not.toContain(FR_IBAN);
    expect(documents.csv).toContain(`WITHDRAWAL-${withdrawals.kept.id}`);
    const report = await verifyLedger(sql, { bankingFingerprintKey: config.bankingFingerprintKey });
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
  });
});
