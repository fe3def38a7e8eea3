import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WithdrawalResult } from '@savings/contracts';
import {
  ApproveWithdrawalCommand,
  PayoutRunService,
  RequestWithdrawalCommand,
  SQL,
  type CommandContext,
} from '@savings/application';
import type { Sql } from '@savings/database';
import { verifyLedger } from '@savings/ledger';
import { resetDatabase } from '@savings/testing';
import { adminContext, fundedUser, startApplication, workerTestConfig } from '../testing/worker-test-kit';

const PAYOUT_DATE = '2027-03-01';
const context: CommandContext = { actor: { kind: 'job', id: 'monthly-withdrawals' }, correlationId: 'recovery' };

describe('a payout file is issued whole or not at all', () => {
  let app: INestApplicationContext;
  let sql: Sql;
  let withdrawalId: number;

  beforeAll(async () => {
    await resetDatabase();
    app = await startApplication(workerTestConfig());
    sql = app.get<Sql>(SQL);
    const userId = await fundedUser(app, '5000.00');
    const requested = await app
      .get(CommandBus)
      .execute<RequestWithdrawalCommand, WithdrawalResult>(
        new RequestWithdrawalCommand(userId, '1234.56', { actor: { kind: 'user', id: userId }, correlationId: 't' }),
      );
    withdrawalId = requested.withdrawal.id;
    await app.get(CommandBus).execute(new ApproveWithdrawalCommand(withdrawalId, adminContext));
  }, 60_000);

  afterAll(() => app.close());

  it('a failure while storing the bytes leaves no event (one transaction); the next run issues the file', async () => {
    // the database refuses the bytes once, after the withdrawal was paid out: a crash at the worst moment
    await sql.query(`create function refuse_payout_bytes() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await sql.query(`create trigger refuse_payout_bytes before insert on payout_file_documents
      for each row execute function refuse_payout_bytes()`);
    await expect(app.get(PayoutRunService).run(PAYOUT_DATE, context)).rejects.toThrow(/disk full/);
    const [between] = await sql.query<{ status: string; file: string; issued: number; documents: number }>(
      `select (select status from withdrawals where id = $1) as status,
              (select status from payout_files) as file,
              (select count(*)::int from ledger_events where type = 'PayoutFileIssued') as issued,
              (select count(*)::int from payout_file_documents) as documents`,
      [withdrawalId],
    );
    // paid out by the ledger, the file still pending: neither its event nor its bytes were kept
    expect(between).toEqual({ status: 'completed', file: 'pending', issued: 0, documents: 0 });
    // (files written before payout files lived in PostgreSQL are left in this state by their migration)
    await sql.query('drop trigger refuse_payout_bytes on payout_file_documents');
    await sql.query('drop function refuse_payout_bytes()');

    const next = await app.get(PayoutRunService).run(PAYOUT_DATE, context);
    expect(next.paidOut).toBe(0);
    expect(next.files).toEqual([
      expect.objectContaining({ payoutDate: PAYOUT_DATE, withdrawalCount: 1, totalCents: 123456n }),
    ]);
    const [after] = await sql.query<{ file: string; issued: number; documents: number; paid: number }>(
      `select (select status from payout_files) as file,
              (select count(*)::int from ledger_events where type = 'PayoutFileIssued') as issued,
              (select count(*)::int from payout_file_documents) as documents,
              (select count(*)::int from ledger_events where type = 'WithdrawalPaidOut') as paid`,
    );
    expect(after).toEqual({ file: 'written', issued: 1, documents: 2, paid: 1 });
    const report = await verifyLedger(sql);
    expect(report.checks.find((check) => check.name === 'payout files match the ledger')).toMatchObject({
      ok: true,
      checked: 1,
    });
    expect(report.ok).toBe(true);
  });

  it('verify fails when a file is marked written without its stored bytes', async () => {
    await sql.withConnection(async (connection) => {
      await connection.query('begin');
      await connection.query('set local session_replication_role = replica');
      await connection.query("delete from payout_file_documents where format = 'csv'");
      await connection.query('commit');
    });
    const report = await verifyLedger(sql);
    const check = report.checks.find((candidate) => candidate.name === 'payout files match the ledger');
    expect(check?.ok).toBe(false);
    expect(check?.detail).toMatch(/^FAILED: payout file \d+ is marked written but its files are not stored$/);
  });
});
