import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  AdjustBalanceCommand,
  ConfirmDepositCommand,
  CreateOrPromoteUserCommand,
  RegisterUserCommand,
  RequestDepositCommand,
  RequestWithdrawalCommand,
  SetPasswordCommand,
  SQL,
  UpdateBankingDetailsCommand,
  type CommandContext,
  type CreateOrPromoteUserResult,
} from '@savings/application';
import type { Sql } from '@savings/database';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_POSTS } from './demo-content';

export const SEED_SETTING = 'demo_seed';

export interface DemoCredentials {
  email: string;
  password: string;
  customers: { emails: string[]; password: string };
}

export interface SeedOutcome {
  seededNow: boolean;
  credentials: DemoCredentials;
}

/** A password that is easy to copy from a terminal: 18 URL-safe characters, 108 bits. */
function randomPassword(): string {
  return randomBytes(18).toString('base64url').slice(0, 18);
}

function readCredentials(file: string): DemoCredentials | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoCredentials>;
    return typeof parsed.email === 'string' && typeof parsed.password === 'string' && parsed.customers
      ? (parsed as DemoCredentials)
      : null;
  } catch {
    return null;
  }
}

function writeCredentials(file: string, credentials: DemoCredentials): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Seeds the demo once (remembered in platform_settings, so every `npm start` may call it): a demo
 * admin, customers with banking details, money and history made through the ledger's commands, and
 * blog posts. Later runs only make sure the demo admin's login is known (re-issued when the
 * credentials file is gone) and return it for printing.
 */
export async function seedDemo(app: INestApplicationContext, credentialsFile: string): Promise<SeedOutcome> {
  const sql = app.get<Sql>(SQL);
  const bus = app.get(CommandBus);
  const claimed = await sql.query(
    `insert into platform_settings (key, value) values ($1, '{"status":"running"}'::jsonb)
     on conflict (key) do nothing returning key`,
    [SEED_SETTING],
  );

  if (claimed.length === 0) {
    const known = readCredentials(credentialsFile);
    if (known) return { seededNow: false, credentials: known };
    // the file was deleted: issue a new demo admin password
    const credentials: DemoCredentials = {
      email: DEMO_ADMIN.email,
      password: randomPassword(),
      customers: { emails: DEMO_CUSTOMERS.map((c) => c.email), password: '(unchanged; see the first seed)' },
    };
    const admin = await bus.execute<CreateOrPromoteUserCommand, CreateOrPromoteUserResult>(
      new CreateOrPromoteUserCommand(DEMO_ADMIN.email, credentials.password, DEMO_ADMIN.name, 'admin'),
    );
    if (!admin.created) await bus.execute(new SetPasswordCommand(admin.userId, credentials.password));
    writeCredentials(credentialsFile, credentials);
    return { seededNow: false, credentials };
  }

  try {
    const credentials: DemoCredentials = {
      email: DEMO_ADMIN.email,
      password: randomPassword(),
      customers: { emails: DEMO_CUSTOMERS.map((c) => c.email), password: randomPassword() },
    };
    const admin = await bus.execute<CreateOrPromoteUserCommand, CreateOrPromoteUserResult>(
      new CreateOrPromoteUserCommand(DEMO_ADMIN.email, credentials.password, DEMO_ADMIN.name, 'admin'),
    );
    if (!admin.created) await bus.execute(new SetPasswordCommand(admin.userId, credentials.password));
    const byAdmin = (step: string): CommandContext => ({
      actor: { kind: 'admin', id: admin.userId },
      correlationId: `seed:${step}`,
    });

    for (const customer of DEMO_CUSTOMERS) {
      const existing = await sql.query('select 1 from users where email = $1', [customer.email]);
      if (existing.length > 0) continue; // never add money twice to an account that is already there
      const userId = await bus.execute<RegisterUserCommand, number>(
        new RegisterUserCommand(customer.name, customer.email, credentials.customers.password),
      );
      const byCustomer = (step: string): CommandContext => ({
        actor: { kind: 'user', id: userId },
        correlationId: `seed:${step}`,
      });
      if (customer.banking) {
        const { beneficiaryName, iban, swift } = customer.banking;
        await bus.execute(new UpdateBankingDetailsCommand(userId, beneficiaryName, iban, swift));
      }
      for (const amount of customer.deposits) {
        await bus.execute(new ConfirmDepositCommand(userId, amount, 'Bank transfer received', byAdmin('deposit')));
      }
      if (customer.adjustment) {
        const { amount, operation, note } = customer.adjustment;
        await bus.execute(new AdjustBalanceCommand(userId, amount, operation, note, byAdmin('adjustment')));
      }
      if (customer.withdrawal) {
        await bus.execute(new RequestWithdrawalCommand(userId, customer.withdrawal, byCustomer('withdrawal')));
      }
      for (const amount of customer.depositRequests) {
        await bus.execute(new RequestDepositCommand(userId, amount, byCustomer('deposit-request')));
      }
    }

    for (const post of DEMO_POSTS) {
      await sql.query(
        `insert into blog_posts (title, slug, excerpt, content, meta_title, meta_description, keywords,
                                 published, published_at, created_at, updated_at)
         values ($1, $2, $3, $4, $1, $3, $5, true, now() - make_interval(days => $6), now() - make_interval(days => $6), now())
         on conflict (slug) do nothing`,
        [post.title, post.slug, post.excerpt, post.content, post.keywords, post.daysAgo],
      );
    }

    writeCredentials(credentialsFile, credentials);
    await sql.query(`update platform_settings set value = $2::jsonb, updated_at = now() where key = $1`, [
      SEED_SETTING,
      JSON.stringify({ status: 'done', at: new Date().toISOString() }),
    ]);
    return { seededNow: true, credentials };
  } catch (error) {
    // let the next start try again
    await sql.query('delete from platform_settings where key = $1', [SEED_SETTING]);
    throw error;
  }
}
