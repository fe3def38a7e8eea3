import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { AppConfig } from '@savings/config';
import type { SqlQueryable } from '@savings/database';
import { APP_CONFIG } from '../platform/tokens';
import { mailLanguageOf, renderMail, type MailMessage } from './mail-templates';

/** A message to put in the outbox: who gets it, in which language, and what caused it. */
export interface OutboxMail {
  /**
   * What calls for this message, unique over all mail (`event:<stream>:<version>`,
   * `password-reset:<token id>`, `interest-summary:<user>:<YYYY-MM>`...): a cause mails once.
   */
  cause: string;
  userId: number | null;
  recipient: string;
  name: string;
  language: string | null;
  message: MailMessage;
}

/**
 * The transactional outbox (api-contract.md section 14; docs/decisions/0026-mail-outbox.md). `write`
 * renders the messages and inserts them with the caller's transaction, so a message exists exactly
 * when the change that causes it committed; the worker's MailDelivery sends it later. A cause already
 * in the outbox is skipped (unique `cause`), so a command run again never mails twice.
 */
@Injectable()
export class MailOutbox {
  private readonly domain: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.domain = domainOf(config.mail.from);
  }

  /** The origin links in mails point to (reset pages, the back office). */
  get linkOrigin(): string {
    return this.config.mail.linkOrigin;
  }

  async write(tx: SqlQueryable, mails: OutboxMail[]): Promise<void> {
    if (mails.length === 0) return;
    const rows = mails.map((mail) => this.rowOf(mail));
    await tx.query(
      `insert into mail_outbox (cause, user_id, recipient, template, language, subject, text_body, html_body, message_id)
       select * from unnest($1::text[], $2::int8[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
       on conflict (cause) do nothing`,
      [
        rows.map((row) => row.mail.cause),
        rows.map((row) => row.mail.userId),
        rows.map((row) => row.mail.recipient),
        rows.map((row) => row.mail.message.template),
        rows.map((row) => row.language),
        rows.map((row) => row.rendered.subject),
        rows.map((row) => row.rendered.text),
        rows.map((row) => row.rendered.html),
        rows.map((row) => row.messageId),
      ],
    );
  }

  /**
   * A message's outbox columns after `user_id`, in insert order (cause, recipient, template, language,
   * subject, text, HTML, Message-ID), for a caller that writes the row in a statement of its own.
   */
  prepare(mail: OutboxMail): [string, string, string, string, string, string, string, string] {
    const row = this.rowOf(mail);
    return [
      mail.cause,
      mail.recipient,
      mail.message.template,
      row.language,
      row.rendered.subject,
      row.rendered.text,
      row.rendered.html,
      row.messageId,
    ];
  }

  private rowOf(mail: OutboxMail) {
    const language = mailLanguageOf(mail.language);
    const rendered = renderMail(mail.message, language, mail.name, this.config.appTimezone);
    return { mail, language, rendered, messageId: this.messageIdOf(mail.cause) };
  }

  /**
   * The RFC 5322 Message-ID of a cause's message: fixed before the first attempt, so a resend after
   * an attempt whose outcome is unknown is recognisably the same message (docs/decisions/0026).
   */
  messageIdOf(cause: string): string {
    return `<${createHash('sha256').update(cause).digest('hex').slice(0, 40)}@${this.domain}>`;
  }
}

function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1] ?? 'localhost';
}
