import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash, randomBytes } from 'node:crypto';
import { holderDisplayName, Messages } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { MailOutbox } from '../mail/mail-outbox';
import { CLOCK, SQL, systemClock, type Clock } from '../platform/tokens';
import { assertPasswordLength, PasswordHasher } from './password-hasher';
import { ConfirmPasswordResetCommand, RequestPasswordResetCommand } from './password-reset.commands';
import { normalizeEmail } from './user-identity';
import { recordSecurityEvent } from './security-history';

/** How long a reset link works. */
export const RESET_TOKEN_MINUTES = 30;
/** Links one account gets per hour at most; more requests still answer 202 and mail nothing. */
export const RESET_LINKS_PER_ACCOUNT_PER_HOUR = 3;
const TOKEN_BYTES = 32;

/** The stored form of a token: its SHA-256 (a 256-bit random token needs no slow hash). */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A reset link for an account (api-contract.md section 14). An unknown e-mail must look exactly like
 * a known one, in answer and in time: both paths make a token, render the mail and run the same two
 * statements (the look-up and one insert whose rows exist only for an account), so they differ by the
 * rows written, not by a round trip or a render.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly outbox: MailOutbox,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async execute(command: RequestPasswordResetCommand): Promise<void> {
    const email = normalizeEmail(command.email);
    const now = this.clock.now();
    const [account] = await this.sql.query<{
      id: string;
      name: string;
      legal_name: string | null;
      language: string;
      recent: number;
    }>(
      `select u.id::text as id, u.name, u.legal_name, u.language,
              (select count(*)::int from password_reset_tokens t
                where t.user_id = u.id and t.created_at > $2::timestamptz - interval '1 hour') as recent
         from users u where u.email = $1`,
      [email, now.toISOString()],
    );
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const tokenHash = resetTokenHash(token);
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000);
    const mail = this.outbox.prepare({
      cause: `password-reset:${tokenHash}`,
      userId: account ? Number(account.id) : null,
      recipient: email,
      name: account ? holderDisplayName({ name: account.name, legalName: account.legal_name }) : email,
      language: account?.language ?? null,
      message: {
        template: 'password-reset',
        params: { link: `${this.outbox.linkOrigin}/reset-password#token=${token}`, minutes: RESET_TOKEN_MINUTES },
      },
    });
    const mailsAccount = account !== undefined && account.recent < RESET_LINKS_PER_ACCOUNT_PER_HOUR;
    // one statement: the token and its mail, or (no account, or its hourly links used up) nothing
    await this.sql.query(
      `with token as (
         insert into password_reset_tokens (user_id, token_hash, expires_at, created_at)
         select $1::int8, $2, $3::timestamptz, $4::timestamptz where $5::boolean
         returning user_id)
       insert into mail_outbox (cause, user_id, recipient, template, language, subject, text_body, html_body, message_id)
       select $6, token.user_id, $7, $8, $9, $10, $11, $12, $13 from token`,
      [account?.id ?? null, tokenHash, expiresAt.toISOString(), now.toISOString(), mailsAccount, ...mail],
    );
  }
}

/**
 * Sets the password with a reset token: the token is used up in the same transaction (a second use,
 * even a concurrent one, finds it used), every other open token of the account is closed, and the
 * account is mailed that its password changed.
 */
@CommandHandler(ConfirmPasswordResetCommand)
export class ConfirmPasswordResetHandler implements ICommandHandler<ConfirmPasswordResetCommand, number> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly hasher: PasswordHasher,
    private readonly outbox: MailOutbox,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async execute(command: ConfirmPasswordResetCommand): Promise<number> {
    assertPasswordLength(command.newPassword);
    const tokenHash = resetTokenHash(command.token);
    const passwordHash = await this.hasher.hash(command.newPassword);
    const now = this.clock.now().toISOString();
    return this.sql.transaction(async (tx) => {
      const [used] = await tx.query<{ user_id: string; id: string }>(
        `update password_reset_tokens set used_at = $2::timestamptz
          where token_hash = $1 and used_at is null and expires_at > $2::timestamptz
          returning user_id::text as user_id, id::text as id`,
        [tokenHash, now],
      );
      if (!used) throw new DomainError('USER.RESET_TOKEN_INVALID', 'invalid', Messages.resetLinkInvalid);
      const [user] = await tx.query<{ email: string; name: string; legal_name: string | null; language: string }>(
        `update users set password_hash = $2, updated_at = now() where id = $1
         returning email, name, legal_name, language`,
        [used.user_id, passwordHash],
      );
      await tx.query(
        `update password_reset_tokens set used_at = $2::timestamptz where user_id = $1 and used_at is null`,
        [used.user_id, now],
      );
      await recordSecurityEvent(tx, Number(used.user_id), 'password-reset');
      await this.outbox.write(tx, [
        {
          cause: `password-reset-done:${used.id}`,
          userId: Number(used.user_id),
          recipient: user.email,
          name: holderDisplayName({ name: user.name, legalName: user.legal_name }),
          language: user.language,
          message: { template: 'password-changed', params: {} },
        },
      ]);
      return Number(used.user_id);
    });
  }
}
