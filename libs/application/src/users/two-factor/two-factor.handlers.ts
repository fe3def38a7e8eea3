import { Inject } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { holderDisplayName, Messages, type MfaSetupResponse, type SecurityEventKind } from '@savings/contracts';
import { type Sql, type SqlQueryable } from '@savings/database';
import { DomainError } from '@savings/domain';
import { MailOutbox } from '../../mail/mail-outbox';
import type { TwoFactorChange } from '../../mail/mail-templates';
import { APP_CONFIG, REDIS, SQL } from '../../platform/tokens';
import { PasswordHasher } from '../password-hasher';
import { endAllSessions } from '../session-keys';
import { recordSecurityEvent } from '../security-history';
import { normalizeEmail } from '../user-identity';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { SecretBox } from './secret-box';
import { matchTotpStep, newTotpSecret, totpUrl } from './totp';
import {
  DisableTwoFactorCommand,
  EnableTwoFactorCommand,
  GetTwoFactorStatusQuery,
  ResetTwoFactorCommand,
  StartTwoFactorSetupCommand,
  type ResetTwoFactorResult,
  VerifySecondFactorCommand,
  type SecondFactorUsed,
  type TwoFactorStatus,
} from './two-factor.commands';

interface TwoFactorRow {
  secret_sealed: string;
  enabled: boolean;
}

/** At sign-in a wrong code is 401 like a wrong password; in a signed-in session it is a wrong field (400). */
const invalidCode = () => new DomainError('AUTH.INVALID_CODE', 'unauthenticated', Messages.invalidCode);
const wrongCode = () =>
  new DomainError('AUTH.INVALID_CODE', 'invalid', Messages.invalidCode, { code: Messages.invalidCode });
const owner = (userId: number) => `user:${userId}`;

const HISTORY_KIND: Record<TwoFactorChange, SecurityEventKind> = {
  on: 'two-factor-enabled',
  off: 'two-factor-disabled',
  'recovery-code-used': 'recovery-code-used',
  removed: 'two-factor-reset',
};

/**
 * Mails the account holder a change of a sign-in factor (api-contract.md section 15) and keeps it in
 * their security history (section 18), in the transaction that makes the change: both exist exactly
 * when the change committed.
 */
async function recordFactorChange(
  outbox: MailOutbox,
  tx: SqlQueryable,
  userId: number,
  change: TwoFactorChange,
): Promise<void> {
  await recordSecurityEvent(tx, userId, HISTORY_KIND[change]);
  const [user] = await tx.query<{
    email: string;
    name: string;
    legal_name: string | null;
    language: string;
    codes_left: number;
  }>(
    `select email, name, legal_name, language,
            (select count(*)::int from user_recovery_codes where user_id = $1 and used_at is null) as codes_left
       from users where id = $1`,
    [userId],
  );
  if (!user) return;
  await outbox.write(tx, [
    {
      cause: `two-factor-${change}:${userId}:${randomUUID()}`,
      userId,
      recipient: user.email,
      name: holderDisplayName({ name: user.name, legalName: user.legal_name }),
      language: user.language,
      message: {
        template: 'two-factor-changed',
        params: change === 'recovery-code-used' ? { change, recoveryCodesLeft: user.codes_left } : { change },
      },
    },
  ]);
}

/** The sealed-secret store of one process: reads rows and opens their secrets with the configured key. */
abstract class TwoFactorHandler {
  protected readonly box: SecretBox;

  constructor(
    protected readonly sql: Sql,
    config: AppConfig,
  ) {
    this.box = new SecretBox(config.mfaSecretKey);
  }

  /** The account's row (locked for update inside a transaction), or null. */
  protected async row(db: SqlQueryable, userId: number, lock = false): Promise<TwoFactorRow | null> {
    const [row] = await db.query<TwoFactorRow>(
      `select secret_sealed, enabled_at is not null as enabled from user_two_factor where user_id = $1${lock ? ' for update' : ''}`,
      [userId],
    );
    return row ?? null;
  }

  protected secretOf(row: TwoFactorRow, userId: number): string {
    return this.box.open(row.secret_sealed, owner(userId));
  }

  /**
   * Accepts a TOTP code once: the matched time step must be newer than the last one accepted (RFC 6238
   * section 5.2), and recording it is one conditional update, so two requests racing with one code
   * cannot both win.
   */
  protected async acceptTotp(db: SqlQueryable, userId: number, secret: string, code: string, at: Date) {
    const step = matchTotpStep(secret, code, at);
    if (step === null) return false;
    const accepted = await db.query(
      `update user_two_factor set last_used_step = $2, updated_at = now()
        where user_id = $1 and enabled_at is not null and (last_used_step is null or last_used_step < $2)
        returning user_id`,
      [userId, step],
    );
    return accepted.length === 1;
  }

  /** Uses up an unused recovery code (one conditional update: used once, whatever the concurrency). */
  protected async acceptRecoveryCode(db: SqlQueryable, userId: number, code: string): Promise<boolean> {
    const normalized = normalizeRecoveryCode(code);
    if (!normalized) return false;
    const used = await db.query(
      `update user_recovery_codes set used_at = now()
        where user_id = $1 and code_hash = $2 and used_at is null returning id`,
      [userId, hashRecoveryCode(normalized)],
    );
    return used.length === 1;
  }

  /** A 6-digit code is a TOTP code, anything else a recovery code; null when neither is accepted. */
  protected async acceptEither(
    db: SqlQueryable,
    userId: number,
    row: TwoFactorRow,
    code: string,
    at: Date,
  ): Promise<SecondFactorUsed | null> {
    const typed = code.trim().replace(/\s/g, '');
    if (/^\d{6}$/.test(typed)) {
      return (await this.acceptTotp(db, userId, this.secretOf(row, userId), typed, at)) ? 'totp' : null;
    }
    return (await this.acceptRecoveryCode(db, userId, typed)) ? 'recovery_code' : null;
  }
}

@CommandHandler(StartTwoFactorSetupCommand)
export class StartTwoFactorSetupHandler
  extends TwoFactorHandler
  implements ICommandHandler<StartTwoFactorSetupCommand, MfaSetupResponse>
{
  constructor(@Inject(SQL) sql: Sql, @Inject(APP_CONFIG) config: AppConfig) {
    super(sql, config);
  }

  async execute({ userId }: StartTwoFactorSetupCommand): Promise<MfaSetupResponse> {
    const [user] = await this.sql.query<{ email: string }>('select email from users where id = $1', [userId]);
    if (!user) throw new DomainError('USER.NOT_FOUND', 'unauthenticated', Messages.authenticationRequired);
    const secret = newTotpSecret();
    // a pending setup is replaced; one in force is never overwritten (the where clause of the upsert)
    const written = await this.sql.query(
      `insert into user_two_factor (user_id, secret_sealed) values ($1, $2)
       on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, last_used_step = null,
              created_at = now(), updated_at = now()
        where user_two_factor.enabled_at is null
       returning user_id`,
      [userId, this.box.seal(secret, owner(userId))],
    );
    if (written.length === 0) throw new DomainError('AUTH.MFA_ALREADY_ON', 'conflict', Messages.twoFactorAlreadyOn);
    return { secret, otpauthUrl: totpUrl(secret, user.email) };
  }
}

@CommandHandler(EnableTwoFactorCommand)
export class EnableTwoFactorHandler
  extends TwoFactorHandler
  implements ICommandHandler<EnableTwoFactorCommand, string[]>
{
  constructor(
    @Inject(SQL) sql: Sql,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: MailOutbox,
  ) {
    super(sql, config);
  }

  async execute({ userId, code, at }: EnableTwoFactorCommand): Promise<string[]> {
    return this.sql.transaction(async (tx) => {
      const row = await this.row(tx, userId, true);
      if (!row) throw new DomainError('AUTH.MFA_NOT_STARTED', 'conflict', Messages.twoFactorNotStarted);
      if (row.enabled) throw new DomainError('AUTH.MFA_ALREADY_ON', 'conflict', Messages.twoFactorAlreadyOn);
      const step = matchTotpStep(this.secretOf(row, userId), code.trim(), at);
      if (step === null) throw wrongCode();
      const recoveryCodes = newRecoveryCodes();
      // the confirming code's step counts as used: it cannot sign in afterwards
      await tx.query(
        'update user_two_factor set enabled_at = $2, last_used_step = $3, updated_at = now() where user_id = $1',
        [userId, at, step],
      );
      await tx.query('delete from user_recovery_codes where user_id = $1', [userId]);
      await tx.query(`insert into user_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])`, [
        userId,
        recoveryCodes.map((recoveryCode) => hashRecoveryCode(normalizeRecoveryCode(recoveryCode)!)),
      ]);
      await recordFactorChange(this.outbox, tx, userId, 'on');
      return recoveryCodes;
    });
  }
}

@CommandHandler(VerifySecondFactorCommand)
export class VerifySecondFactorHandler
  extends TwoFactorHandler
  implements ICommandHandler<VerifySecondFactorCommand, SecondFactorUsed>
{
  constructor(
    @Inject(SQL) sql: Sql,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: MailOutbox,
  ) {
    super(sql, config);
  }

  async execute({ userId, code, at }: VerifySecondFactorCommand): Promise<SecondFactorUsed> {
    const row = await this.row(this.sql, userId);
    if (!row?.enabled) throw invalidCode();
    const used = await this.sql.transaction(async (tx) => {
      const accepted = await this.acceptEither(tx, userId, row, code, at);
      // a recovery code stands in for the phone: the holder hears of each one used
      if (accepted === 'recovery_code') await recordFactorChange(this.outbox, tx, userId, 'recovery-code-used');
      return accepted;
    });
    if (!used) throw invalidCode();
    return used;
  }
}

@CommandHandler(DisableTwoFactorCommand)
export class DisableTwoFactorHandler
  extends TwoFactorHandler
  implements ICommandHandler<DisableTwoFactorCommand, void>
{
  constructor(
    @Inject(SQL) sql: Sql,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly hasher: PasswordHasher,
    private readonly outbox: MailOutbox,
  ) {
    super(sql, config);
  }

  async execute({ userId, password, code, at }: DisableTwoFactorCommand): Promise<void> {
    const [user] = await this.sql.query<{ password_hash: string }>('select password_hash from users where id = $1', [
      userId,
    ]);
    if (!user) throw new DomainError('USER.NOT_FOUND', 'unauthenticated', Messages.authenticationRequired);
    if (!(await this.hasher.verify(user.password_hash, password))) {
      throw new DomainError('USER.CURRENT_PASSWORD_WRONG', 'invalid', Messages.currentPasswordWrong, {
        password: Messages.currentPasswordWrong,
      });
    }
    await this.sql.transaction(async (tx) => {
      const row = await this.row(tx, userId, true);
      if (!row?.enabled) throw new DomainError('AUTH.MFA_NOT_ON', 'conflict', Messages.twoFactorNotOn);
      if (!(await this.acceptEither(tx, userId, row, code, at))) throw wrongCode();
      await tx.query('delete from user_recovery_codes where user_id = $1', [userId]);
      await tx.query('delete from user_two_factor where user_id = $1', [userId]);
      await recordFactorChange(this.outbox, tx, userId, 'off');
    });
  }
}

@QueryHandler(GetTwoFactorStatusQuery)
export class GetTwoFactorStatusHandler implements IQueryHandler<GetTwoFactorStatusQuery, TwoFactorStatus> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute({ userId }: GetTwoFactorStatusQuery): Promise<TwoFactorStatus> {
    const [row] = await this.sql.query<{ enabled: boolean; left: number }>(
      `select exists (select 1 from user_two_factor where user_id = $1 and enabled_at is not null) as enabled,
              (select count(*)::int from user_recovery_codes where user_id = $1 and used_at is null) as left`,
      [userId],
    );
    return { enabled: row.enabled, recoveryCodesLeft: row.enabled ? row.left : 0 };
  }
}

@CommandHandler(ResetTwoFactorCommand)
export class ResetTwoFactorHandler implements ICommandHandler<ResetTwoFactorCommand, ResetTwoFactorResult | null> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailOutbox,
  ) {}

  async execute({ email }: ResetTwoFactorCommand): Promise<ResetTwoFactorResult | null> {
    const [user] = await this.sql.query<{ id: string }>('select id from users where email = $1', [
      normalizeEmail(email),
    ]);
    if (!user) return null;
    const userId = Number(user.id);
    const wasEnabled = await this.sql.transaction(async (tx) => {
      await tx.query('delete from user_recovery_codes where user_id = $1', [userId]);
      const removed = await tx.query<{ enabled: boolean }>(
        'delete from user_two_factor where user_id = $1 returning enabled_at is not null as enabled',
        [userId],
      );
      const enabled = removed[0]?.enabled ?? false;
      // a setup never confirmed was no sign-in factor: nothing changed for the holder
      if (enabled) await recordFactorChange(this.outbox, tx, userId, 'removed');
      return enabled;
    });
    // sessions signed in with the old factor end too: the person starts afresh with the password
    await endAllSessions(this.redis, this.config.queuePrefix, userId);
    return { userId, wasEnabled };
  }
}
