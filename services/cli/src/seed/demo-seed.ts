import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  AdjustBalanceCommand,
  ConfirmDepositCommand,
  CreateOrPromoteUserCommand,
  GrantApprovalCommand,
  RegisterUserCommand,
  RequestDepositCommand,
  RequestWithdrawalCommand,
  SetPasswordCommand,
  SQL,
  UpdateBankingDetailsCommand,
  type CommandContext,
  type CreateOrPromoteUserResult,
} from '@savings/application';
import { isApprovalPending } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_POSTS, DEMO_SECOND_ADMIN } from './demo-content';

export const SEED_SETTING = 'demo_seed';

export interface DemoCredentials {
  email: string;
  password: string;
  customers: { emails: string[]; password: string };
  /** the second admin (four eyes); absent in files written before it existed */
  secondAdmin?: { email: string; password: string };
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

/** Creates (or re-passwords) an admin; returns its id. */
async function ensureAdmin(bus: CommandBus, who: { email: string; name: string }, password: string): Promise<number> {
  const admin = await bus.execute<CreateOrPromoteUserCommand, CreateOrPromoteUserResult>(
    new CreateOrPromoteUserCommand(who.email, password, who.name, 'admin'),
  );
  if (!admin.created) await bus.execute(new SetPasswordCommand(admin.userId, password));
  return admin.userId;
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
    if (known?.secondAdmin) return { seededNow: false, credentials: known };
    if (known) {
      // seeded before four eyes: the second admin joins now
      const secondAdmin = { email: DEMO_SECOND_ADMIN.email, password: randomPassword() };
      await ensureAdmin(bus, DEMO_SECOND_ADMIN, secondAdmin.password);
      const credentials = { ...known, secondAdmin };
      writeCredentials(credentialsFile, credentials);
      return { seededNow: false, credentials };
    }
    // the file was deleted: issue a new demo admin password
    const credentials: DemoCredentials = {
      email: DEMO_ADMIN.email,
      password: randomPassword(),
      customers: { emails: DEMO_CUSTOMERS.map((c) => c.email), password: '(unchanged; see the first seed)' },
      secondAdmin: { email: DEMO_SECOND_ADMIN.email, password: randomPassword() },
    };
    await ensureAdmin(bus, DEMO_ADMIN, credentials.password);
    await ensureAdmin(bus, DEMO_SECOND_ADMIN, credentials.secondAdmin?.password ?? randomPassword());
    writeCredentials(credentialsFile, credentials);
    return { seededNow: false, credentials };
  }

  try {
    const credentials: DemoCredentials = {
      email: DEMO_ADMIN.email,
      password: randomPassword(),
      customers: { emails: DEMO_CUSTOMERS.map((c) => c.email), password: randomPassword() },
      secondAdmin: { email: DEMO_SECOND_ADMIN.email, password: randomPassword() },
    };
    const adminId = await ensureAdmin(bus, DEMO_ADMIN, credentials.password);
    const secondAdminId = await ensureAdmin(bus, DEMO_SECOND_ADMIN, credentials.secondAdmin?.password ?? '');
    const byAdmin = (step: string): CommandContext => ({
      actor: { kind: 'admin', id: adminId },
      correlationId: `seed:${step}`,
    });
    // a move at or above FOUR_EYES_THRESHOLD waits for a second admin: the second demo admin approves it
    const moveMoney = async (command: ConfirmDepositCommand | AdjustBalanceCommand): Promise<void> => {
      const result = await bus.execute<typeof command, unknown>(command);
      if (isApprovalPending(result)) {
        await bus.execute(
          new GrantApprovalCommand(result.approval.id, {
            actor: { kind: 'admin', id: secondAdminId },
            correlationId: 'seed:approval',
          }),
        );
      }
    };

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
        await moveMoney(new ConfirmDepositCommand(userId, amount, 'Bank transfer received', byAdmin('deposit')));
      }
      if (customer.adjustment) {
        const { amount, operation, note } = customer.adjustment;
        await moveMoney(new AdjustBalanceCommand(userId, amount, operation, note, byAdmin('adjustment')));
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
