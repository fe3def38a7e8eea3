import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import type { AppConfig } from '@savings/config';
import {
  ApproveWithdrawalCommand,
  ConfirmDepositCommand,
  InterestRunService,
  InterestSummaries,
  JobNames,
  MailDelivery,
  MailRelay,
  MAIL_QUEUE,
  RequestWithdrawalCommand,
  SQL,
  mailJobOptions,
  type CommandContext,
} from '@savings/application';
import type { Sql } from '@savings/database';
import { resetDatabase, SmtpReceiver } from '@savings/testing';
import {
  adminContext,
  fundedUser,
  openQueue,
  spawnWorker,
  startApplication,
  startWorker,
  waitFor,
  workerTestConfig,
  type WorkerChild,
} from '../testing/worker-test-kit';

interface OutboxRow {
  id: string;
  cause: string;
  status: string;
  attempts: number;
  message_id: string;
  subject: string;
  last_error: string | null;
}

/**
 * The mail outbox end to end against PostgreSQL, Redis and a real SMTP server (api-contract.md
 * section 14): a message is written with the event that causes it and reaches the server once,
 * whatever retries, duplicated jobs or killed workers happen on the way.
 */
describe('mail outbox and sender', () => {
  let receiver: SmtpReceiver;
  let config: AppConfig;
  let app: INestApplicationContext;
  let sql: Sql;
  let commands: CommandBus;
  let queue: Queue;
  const children: WorkerChild[] = [];

  beforeAll(async () => {
    await resetDatabase();
    receiver = await SmtpReceiver.start();
    config = workerTestConfig({
      WORKER_MAIL: 'on',
      SMTP_URL: receiver.url,
      MAIL_LEASE_MS: '20000',
      MAIL_RELAY_INTERVAL_MS: '200',
      WORKER_LOCK_MS: '1500',
    });
    app = await startApplication(config);
    sql = app.get<Sql>(SQL);
    commands = app.get(CommandBus);
    queue = openQueue(config, MAIL_QUEUE);
    await queue.obliterate({ force: true });
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.process.kill('SIGKILL');
    await queue.close();
    await app.close();
    await receiver.close();
  });

  async function outboxOf(userId: number): Promise<OutboxRow[]> {
    return sql.query<OutboxRow>(
      `select id::text as id, cause, status, attempts, message_id, subject, last_error
         from mail_outbox where user_id = $1 order by id`,
      [userId],
    );
  }

  async function emailOf(userId: number): Promise<string> {
    const [row] = await sql.query<{ email: string }>('select email from users where id = $1', [userId]);
    return row.email;
  }

  it('writes the mail with the event, in the customer language, and sends it once even when its job runs again', async () => {
    const userId = await fundedUser(app, null);
    await sql.query(`update users set language = 'it' where id = $1`, [userId]);
    await commands.execute(new ConfirmDepositCommand(userId, '2500.00', null, adminContext));
    // a refused command (more than the balance) writes no mail
    await expect(commands.execute(new RequestWithdrawalCommand(userId, '9000.00', adminContext))).rejects.toThrow();

    const [row] = await outboxOf(userId);
    expect(await outboxOf(userId)).toHaveLength(1);
    expect(row).toMatchObject({ status: 'pending', cause: expect.stringMatching(/^event:account-\d+:1$/) });

    const worker = await startWorker(config, { mail: true });
    try {
      const address = await emailOf(userId);
      await receiver.until(() => receiver.to(address).length === 1, 'the deposit mail');
      const [mail] = receiver.to(address);
      expect(mail.subject).toBe('Deposito di 2500,00\u00a0USD confermato');
      expect(mail.text).toContain('Il tuo saldo ora è 2500,00\u00a0USD');
      expect(mail.html).toContain('<p>Il tuo deposito di 2500,00\u00a0USD');
      expect(mail.messageId).toBe(row.message_id);
      expect(mail.language).toBe('it');
      await waitFor(async () => (await outboxOf(userId))[0].status === 'sent', 'the delivery record');

      // the same message asked again by a second job (a retry, a duplicate): nothing more is sent
      const again = await queue.add(
        JobNames.sendMail,
        { outboxId: Number(row.id) },
        { ...mailJobOptions, jobId: `duplicate-${row.id}` },
      );
      await waitFor(async () => (await again.getState()) === 'completed', 'the duplicate job');
      expect((await queue.getJob(again.id as string))?.returnvalue).toEqual({
        outboxId: Number(row.id),
        outcome: 'already-sent',
      });
      expect(receiver.to(address)).toHaveLength(1);
      expect((await outboxOf(userId))[0].attempts).toBe(1);
    } finally {
      await worker.close();
    }
  }, 120_000);

  it('retries a message the server could not take (451) with backoff and delivers it once', async () => {
    const userId = await fundedUser(app, '2000.00');
    const address = await emailOf(userId);
    await sql.query(`update mail_outbox set status = 'sent' where user_id = $1`, [userId]);
    const withdrawal = await commands.execute<RequestWithdrawalCommand, { withdrawal: { id: number } }>(
      new RequestWithdrawalCommand(userId, '1500.00', adminContext),
    );
    receiver.failNext(451);
    await commands.execute(new ApproveWithdrawalCommand(withdrawal.withdrawal.id, adminContext));
    const worker = await startWorker(config, { mail: true });
    try {
      await receiver.until(() => receiver.to(address).length === 1, 'the approval mail');
      expect(receiver.to(address)[0].subject).toBe('Withdrawal of $1,500.00 approved');
      await waitFor(async () => (await outboxOf(userId)).find((r) => r.status === 'sent' && r.attempts === 2), 'sent');
    } finally {
      await worker.close();
    }
    expect(receiver.to(address)).toHaveLength(1);
  }, 120_000);

  it('delivers once when the sending worker is SIGKILLed mid-send', async () => {
    const userId = await fundedUser(app, null);
    const address = await emailOf(userId);
    receiver.holdReplies(true);
    await commands.execute(new ConfirmDepositCommand(userId, '1234.56', null, adminContext));

    const first = spawnWorker(config, {});
    children.push(first);
    // the worker sent the whole message and waits for the server's 250
    await receiver.until(() => receiver.heldCount() === 1, 'the first worker mid-send', 90_000);
    const [sending] = await outboxOf(userId);
    expect(sending.status).toBe('sending');
    const droppedBefore = receiver.dropped;
    first.process.kill('SIGKILL');
    await first.exited;
    await receiver.until(() => receiver.dropped === droppedBefore + 1, 'the dropped connection');
    receiver.holdReplies(false);

    // another worker takes the stalled job; the message is sent again only once its lease has run out
    const second = await startWorker(config, { mail: true });
    try {
      await receiver.until(() => receiver.to(address).length === 1, 'the resent mail', 90_000);
      const [row] = await waitFor(async () => {
        const rows = await outboxOf(userId);
        return rows[0].status === 'sent' ? rows : null;
      }, 'the delivery record');
      expect(row.attempts).toBe(2);
      expect(receiver.to(address)[0].messageId).toBe(row.message_id);
      expect(receiver.to(address)[0].subject).toBe('Deposit of $1,234.56 confirmed');
    } finally {
      await second.close();
    }
    expect(receiver.to(address)).toHaveLength(1);
  }, 180_000);

  it('mails each customer the month of interest once, however often the month is queued', async () => {
    const userId = await fundedUser(app, '10000.00');
    await sql.query(`update users set language = 'fr' where id = $1`, [userId]);
    const address = await emailOf(userId);
    const runs = app.get(InterestRunService);
    const context: CommandContext = { actor: { kind: 'job', id: 'test' }, correlationId: 'summary' };
    // the last two days of December, then the first two of January
    await runs.runThrough('2026-12-30', context);
    await runs.runThrough('2027-01-02', context);
    const summaries = app.get(InterestSummaries);
    const now = new Date('2027-01-05T12:00:00Z');
    await expect(summaries.queueMonth('2027-01', now)).rejects.toThrow('2027-01 is not over yet');
    const first = await summaries.queueMonth('2026-12', now);
    await summaries.queueMonth('2026-12', now);
    expect(first.customers).toBeGreaterThanOrEqual(1);
    const rows = await sql.query<{ n: number }>(`select count(*)::int as n from mail_outbox where cause = $1`, [
      `interest-summary:${userId}:2026-12`,
    ]);
    expect(rows[0].n).toBe(1);
    const [interest] = await sql.query<{ cents: string }>(
      `select sum(interest_cents)::text as cents from interest_payments
        where user_id = $1 and accrual_date between '2026-12-01' and '2026-12-31'`,
      [userId],
    );

    const relay = app.get(MailRelay);
    const delivery = app.get(MailDelivery);
    for (const { outboxId } of await relay.due()) await delivery.deliver(outboxId, { lastAttempt: true });
    await receiver.until(() => receiver.to(address).some((mail) => mail.subject.includes('décembre')), 'the summary');
    const mail = receiver.to(address).find((m) => m.subject.includes('décembre'));
    expect(mail?.subject).toBe('Vos intérêts de décembre 2026');
    const digits = interest.cents.padStart(3, '0');
    expect(mail?.text).toContain(`${digits.slice(0, -2)},${digits.slice(-2)}\u00a0$US d'intérêts`);
  }, 180_000);
});
