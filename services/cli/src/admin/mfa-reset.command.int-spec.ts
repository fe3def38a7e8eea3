import { CommandBus } from '@nestjs/cqrs';
import {
  EnableTwoFactorCommand,
  MailDelivery,
  MailRelay,
  RegisterUserCommand,
  StartTwoFactorSetupCommand,
  totpCodeAt,
} from '@savings/application';
import { loadConfig, type AppConfig } from '@savings/config';
import type { MfaSetupResponse } from '@savings/contracts';
import { resetDatabase, SmtpReceiver, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import { withApplication } from '../with-application';
import { mfaResetCommand } from './mfa-reset.command';

jest.setTimeout(120_000);

/**
 * `npm run mfa:reset` removes a sign-in factor, so it mails the account holder like every other
 * change of one (api-contract.md section 15): the real command, the mail read from a real SMTP server.
 */
describe('npm run mfa:reset', () => {
  let config: AppConfig;
  let receiver: SmtpReceiver;

  beforeAll(async () => {
    await resetDatabase();
    receiver = await SmtpReceiver.start();
    config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testRedisPrefix(),
      SMTP_URL: receiver.url,
    });
  });
  afterAll(async () => {
    await receiver.close();
  });

  /** Sends what the outbox holds, as the worker's jobs would. */
  const sendOutbox = () =>
    withApplication(config, async (app) => {
      const relay = app.get(MailRelay, { strict: false });
      const delivery = app.get(MailDelivery, { strict: false });
      for (const { outboxId } of await relay.due()) await delivery.deliver(outboxId, { lastAttempt: true });
    });

  it('mails the holder that two-factor sign-in was removed, and nothing when it was not on', async () => {
    const enrolled = 'lost-phone@example.test';
    const never = 'never-enrolled@example.test';
    await withApplication(config, async (app) => {
      const bus = app.get(CommandBus);
      const userId: number = await bus.execute(new RegisterUserCommand('Lost Phone', enrolled, 'secret-123'));
      await bus.execute(new RegisterUserCommand('Never Enrolled', never, 'secret-123'));
      const now = new Date();
      const { secret } = await bus.execute<StartTwoFactorSetupCommand, MfaSetupResponse>(
        new StartTwoFactorSetupCommand(userId, now),
      );
      await bus.execute(new EnableTwoFactorCommand(userId, totpCodeAt(secret, now), now));
    });
    await sendOutbox();
    await receiver.until(() => receiver.to(enrolled).length === 1, 'the turned-on mail');

    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await mfaResetCommand.run(['--email', enrolled], config)).toBe(0);
      expect(await mfaResetCommand.run(['--email', never], config)).toBe(0);
    } finally {
      log.mockRestore();
    }
    await sendOutbox();
    await receiver.until(() => receiver.to(enrolled).length === 2, 'the removed mail');
    const removed = receiver.to(enrolled)[1];
    expect(removed.subject).toBe('Two-factor sign-in removed by support');
    expect(removed.text).toContain('removed two-factor sign-in from your Savings account');
    expect(removed.text).toContain('If this was not you, reset your password at once and contact us.');
    expect(receiver.to(never)).toHaveLength(0);
  });
});
