import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { APP_CONFIG, SQL } from '../platform/tokens';

/** What one delivery attempt of an outbox message came to. */
export type DeliveryOutcome =
  /** the SMTP server accepted it (250) and that is recorded */
  | 'sent'
  /** it was sent before (a retried or duplicated job): nothing was sent again */
  | 'already-sent'
  /** the server refused it for good (5xx), or the last attempt failed: recorded as failed */
  | 'failed'
  /** no such message */
  | 'unknown';

/** Another sender holds the message's lease: try again after it (the job's backoff). */
export class MessageLeasedError extends Error {
  constructor(readonly outboxId: number) {
    super(`Message ${outboxId} is being sent by another sender`);
    this.name = 'MessageLeasedError';
  }
}

/** An attempt that failed and may be retried; its message is one sentence, fit for the job's record. */
export class DeliveryFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryFailedError';
  }
}

interface ClaimedMessage {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  language: string;
}

/**
 * Sends outbox messages over SMTP_URL (docs/decisions/0026-mail-outbox.md). An attempt:
 *  1. claims the message: `pending` (or `sending` whose lease ran out: its sender died) becomes
 *     `sending` with a lease, in its own committed statement, so one sender at a time holds it;
 *  2. sends it with nodemailer, its Message-ID fixed by the cause; the SMTP timeouts end the attempt
 *     well within the lease;
 *  3. records `sent` as soon as the server answers 250 (or `pending` with the reason, to retry).
 * A message already `sent` is never sent again, whichever job or retry asks. The one window left is
 * a sender killed between the server's 250 and step 3: the message is resent after the lease, with
 * the same Message-ID (at-least-once; SMTP has no way to ask a server whether it took a message).
 */
@Injectable()
export class MailDelivery implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.transport = createTransport(smtpOptionsOf(config.mail.smtpUrl, config.mail.leaseMs));
  }

  async deliver(outboxId: number, options: { lastAttempt: boolean }): Promise<DeliveryOutcome> {
    const [claimed] = await this.sql.query<ClaimedMessage>(
      `update mail_outbox
          set status = 'sending', attempts = attempts + 1, lease_until = now() + $2 * interval '1 millisecond'
        where id = $1 and (status = 'pending' or (status = 'sending' and lease_until < now()))
        returning recipient, subject, text_body, html_body, message_id, language`,
      [outboxId, this.config.mail.leaseMs],
    );
    if (!claimed) {
      const [row] = await this.sql.query<{ status: string }>('select status from mail_outbox where id = $1', [
        outboxId,
      ]);
      if (!row) return 'unknown';
      if (row.status === 'sent') return 'already-sent';
      if (row.status === 'failed') return 'failed';
      throw new MessageLeasedError(outboxId);
    }
    let response: string;
    try {
      const info = await this.transport.sendMail({
        from: this.config.mail.from,
        to: claimed.recipient,
        subject: claimed.subject,
        text: claimed.text_body,
        html: claimed.html_body,
        messageId: claimed.message_id,
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': claimed.language },
      });
      response = String(info.response ?? '').slice(0, 500);
    } catch (error) {
      const code = smtpResponseCode(error);
      const permanent = code !== null && code >= 500;
      const reason = permanent
        ? `The mail server refused the message (${code}).`
        : code !== null
          ? `The mail server could not take the message now (${code}).`
          : 'The mail server could not be reached.';
      const giveUp = permanent || options.lastAttempt;
      await this.sql.query(
        `update mail_outbox set status = $2, lease_until = null, last_error = $3 where id = $1 and status = 'sending'`,
        [outboxId, giveUp ? 'failed' : 'pending', reason],
      );
      if (giveUp) return 'failed';
      throw new DeliveryFailedError(reason);
    }
    await this.sql.query(
      `update mail_outbox set status = 'sent', sent_at = now(), lease_until = null, last_error = null, smtp_response = $2
        where id = $1 and status = 'sending'`,
      [outboxId, response],
    );
    return 'sent';
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

/**
 * nodemailer's SMTP options from SMTP_URL: smtps:// is TLS from the start, smtp:// upgrades with
 * STARTTLS when the server offers it. Each timeout is a fraction of the lease, so an attempt has
 * ended (and recorded its outcome) before another sender may take the message.
 */
export function smtpOptionsOf(smtpUrl: string, leaseMs: number) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const step = Math.max(1000, Math.floor(leaseMs / 4));
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: step,
    greetingTimeout: step,
    socketTimeout: step,
    dnsTimeout: step,
  };
}

function smtpResponseCode(error: unknown): number | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && Number.isInteger(code) ? code : null;
}
