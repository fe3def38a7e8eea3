import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import { Messages, type MfaSetupResponse } from '@savings/contracts';
import { loadConfig, type AppConfig } from '@savings/config';
import { createOrmOptions, PooledSql, type Sql } from '@savings/database';
import { resetDatabase, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import type Redis from 'ioredis';
import { connectRedis } from '../../platform/redis';
import { APP_CONFIG, REDIS, SQL } from '../../platform/tokens';
import { PasswordHasher } from '../password-hasher';
import { sessionKeyPrefix, userSessionsKey } from '../session-keys';
import { UsersModule } from '../users.module';
import { SecretBox } from './secret-box';
import { totpCodeAt } from './totp';
import {
  DisableTwoFactorCommand,
  EnableTwoFactorCommand,
  GetTwoFactorStatusQuery,
  ResetTwoFactorCommand,
  StartTwoFactorSetupCommand,
  VerifySecondFactorCommand,
  type TwoFactorStatus,
} from './two-factor.commands';

/**
 * Two-factor sign-in against real PostgreSQL with a fixed clock: every command takes its instant, so
 * each step below is a chosen 30-second time step (T0 is the start of one).
 */
const T0 = new Date('2026-11-24T06:00:00Z');
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let app: INestApplicationContext;
let orm: MikroORM;
let sql: Sql;
let config: AppConfig;
let commands: CommandBus;
let queries: QueryBus;
let hasher: PasswordHasher;
let redis: Redis;

async function newUser(name: string): Promise<number> {
  const [row] = await sql.query<{ id: string }>(
    `insert into users (name, email, password_hash, reference_code) values ($1, $2, $3, $4) returning id::text as id`,
    [name, `${name.toLowerCase()}@example.test`, await hasher.hash('secret-1'), name.toUpperCase().slice(0, 8)],
  );
  return Number(row.id);
}

const setup = (userId: number, at = T0) =>
  commands.execute<StartTwoFactorSetupCommand, MfaSetupResponse>(new StartTwoFactorSetupCommand(userId, at));
const enable = (userId: number, code: string, at = T0) =>
  commands.execute<EnableTwoFactorCommand, string[]>(new EnableTwoFactorCommand(userId, code, at));
const verify = (userId: number, code: string, at: Date) =>
  commands.execute(new VerifySecondFactorCommand(userId, code, at));
const status = (userId: number) =>
  queries.execute<GetTwoFactorStatusQuery, TwoFactorStatus>(new GetTwoFactorStatusQuery(userId));

/** An account with two-factor sign-in on since T0; its secret and recovery codes. */
async function enrolled(name: string) {
  const userId = await newUser(name);
  const { secret } = await setup(userId);
  const recoveryCodes = await enable(userId, totpCodeAt(secret, T0));
  return { userId, secret, recoveryCodes };
}

beforeAll(async () => {
  await resetDatabase();
  config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testRedisPrefix(),
  });
  orm = await MikroORM.init(createOrmOptions({ databaseUrl: config.databaseUrl, entities: [], poolMax: 10 }));
  sql = new PooledSql(orm);
  redis = await connectRedis(config);
  @Global()
  @Module({
    providers: [
      { provide: SQL, useValue: sql },
      { provide: APP_CONFIG, useValue: config },
      { provide: REDIS, useValue: redis },
    ],
    exports: [SQL, APP_CONFIG, REDIS],
  })
  class TestPlatformModule {}
  const moduleRef = await Test.createTestingModule({
    imports: [TestPlatformModule, CqrsModule.forRoot(), UsersModule],
  }).compile();
  app = await moduleRef.init();
  commands = app.get(CommandBus);
  queries = app.get(QueryBus);
  hasher = app.get(PasswordHasher);
});

afterAll(async () => {
  await app?.close();
  await orm?.close();
  await redis?.quit();
});

describe('setup and enable', () => {
  it('stores the secret sealed, and turns on only with a right first code', async () => {
    const userId = await newUser('Setup');
    const { secret, otpauthUrl } = await setup(userId);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const [row] = await sql.query<{ secret_sealed: string; enabled_at: Date | null }>(
      'select secret_sealed, enabled_at from user_two_factor where user_id = $1',
      [userId],
    );
    expect(row.secret_sealed).not.toContain(secret);
    expect(new SecretBox(config.mfaSecretKey).open(row.secret_sealed, `user:${userId}`)).toBe(secret);
    expect(row.enabled_at).toBeNull();
    expect(await status(userId)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    // a code two steps old is outside the drift window
    await expect(enable(userId, totpCodeAt(secret, later(-60)))).rejects.toThrow(Messages.invalidCode);
    const recoveryCodes = await enable(userId, totpCodeAt(secret, later(-30)));
    expect(recoveryCodes).toHaveLength(10);
    expect(await status(userId)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const stored = await sql.query<{ code_hash: string }>(
      'select code_hash from user_recovery_codes where user_id = $1',
      [userId],
    );
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(stored.map((r) => r.code_hash).join()).not.toContain(code.replace(/-/g, ''));
    }
  });

  it('refuses a new setup or a second enable while on, and enable without setup', async () => {
    const { userId, secret } = await enrolled('Twice');
    await expect(setup(userId)).rejects.toThrow(Messages.twoFactorAlreadyOn);
    await expect(enable(userId, totpCodeAt(secret, later(30)), later(30))).rejects.toThrow(Messages.twoFactorAlreadyOn);
    const fresh = await newUser('Fresh');
    await expect(enable(fresh, '123456')).rejects.toThrow(Messages.twoFactorNotStarted);
  });

  it('a restarted setup replaces the pending secret: the old one no longer enables', async () => {
    const userId = await newUser('Restart');
    const first = await setup(userId);
    const second = await setup(userId);
    expect(second.secret).not.toBe(first.secret);
    await expect(enable(userId, totpCodeAt(first.secret, T0))).rejects.toThrow(Messages.invalidCode);
    await expect(enable(userId, totpCodeAt(second.secret, T0))).resolves.toHaveLength(10);
  });
});

describe('the code step', () => {
  it('accepts each TOTP code once: the confirming code and any replay are refused', async () => {
    const { userId, secret } = await enrolled('Replay');
    // the code that turned it on is spent
    await expect(verify(userId, totpCodeAt(secret, T0), later(10))).rejects.toThrow(Messages.invalidCode);
    const code = totpCodeAt(secret, later(60));
    await expect(verify(userId, code, later(60))).resolves.toBe('totp');
    await expect(verify(userId, code, later(65))).rejects.toThrow(Messages.invalidCode);
    // a code of an older step, still inside the drift window, is refused too (RFC 6238 section 5.2)
    await expect(verify(userId, totpCodeAt(secret, later(30)), later(60))).rejects.toThrow(Messages.invalidCode);
    // one step of drift each way, not two
    await expect(verify(userId, totpCodeAt(secret, later(120)), later(150))).resolves.toBe('totp');
    await expect(verify(userId, totpCodeAt(secret, later(240)), later(180))).rejects.toThrow(Messages.invalidCode);
    await expect(verify(userId, totpCodeAt(secret, later(210)), later(180))).resolves.toBe('totp');
  });

  it('five concurrent checks of one code: exactly one accepted', async () => {
    const { userId, secret } = await enrolled('Race');
    const code = totpCodeAt(secret, later(90));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => verify(userId, code, later(90))));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('accepts a recovery code once, however it is typed', async () => {
    const { userId, recoveryCodes } = await enrolled('Recovery');
    const [first, second] = recoveryCodes;
    await expect(verify(userId, first, later(60))).resolves.toBe('recovery_code');
    await expect(verify(userId, first, later(90))).rejects.toThrow(Messages.invalidCode);
    await expect(verify(userId, ` ${second.toUpperCase().replace(/-/g, '')} `, later(90))).resolves.toBe(
      'recovery_code',
    );
    expect(await status(userId)).toEqual({ enabled: true, recoveryCodesLeft: 8 });
    const concurrent = await Promise.allSettled(
      Array.from({ length: 4 }, () => verify(userId, recoveryCodes[2], later(120))),
    );
    expect(concurrent.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses every code for an account without two-factor sign-in, or another account’s codes', async () => {
    const plain = await newUser('Plain');
    await expect(verify(plain, '123456', T0)).rejects.toThrow(Messages.invalidCode);
    const one = await enrolled('OneUser');
    const two = await enrolled('TwoUser');
    await expect(verify(two.userId, one.recoveryCodes[0], later(30))).rejects.toThrow(Messages.invalidCode);
    await expect(verify(two.userId, totpCodeAt(one.secret, later(30)), later(30))).rejects.toThrow(
      Messages.invalidCode,
    );
  });
});

describe('disable', () => {
  it('needs the password and a code; then the secret and codes are gone and setup starts afresh', async () => {
    const { userId, secret, recoveryCodes } = await enrolled('Disable');
    const disable = (password: string, code: string, at: Date) =>
      commands.execute(new DisableTwoFactorCommand(userId, password, code, at));
    await expect(disable('wrong-password', totpCodeAt(secret, later(30)), later(30))).rejects.toThrow(
      Messages.currentPasswordWrong,
    );
    await expect(disable('secret-1', '000000', later(30))).rejects.toThrow(Messages.invalidCode);
    await disable('secret-1', recoveryCodes[0], later(30));
    expect(await status(userId)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const left = await sql.query('select 1 from user_recovery_codes where user_id = $1', [userId]);
    expect(left).toHaveLength(0);
    await expect(disable('secret-1', recoveryCodes[1], later(60))).rejects.toThrow(Messages.twoFactorNotOn);
    await expect(verify(userId, recoveryCodes[1], later(60))).rejects.toThrow(Messages.invalidCode);
    await expect(setup(userId)).resolves.toHaveProperty('secret');
  });

  it('the operator reset (mfa:reset) removes the factor and its codes and ends every session', async () => {
    const { userId, recoveryCodes } = await enrolled('Lost');
    const prefix = config.queuePrefix;
    await redis.sadd(userSessionsKey(prefix, userId), 'session-a');
    await redis.set(`${sessionKeyPrefix(prefix)}session-a`, '{}');
    await expect(commands.execute(new ResetTwoFactorCommand(' LOST@example.test '))).resolves.toEqual({
      userId,
      wasEnabled: true,
    });
    expect(await status(userId)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await redis.exists(userSessionsKey(prefix, userId), `${sessionKeyPrefix(prefix)}session-a`)).toBe(0);
    await expect(verify(userId, recoveryCodes[0], later(30))).rejects.toThrow(Messages.invalidCode);
    await expect(commands.execute(new ResetTwoFactorCommand('nobody@example.test'))).resolves.toBeNull();
  });
});
