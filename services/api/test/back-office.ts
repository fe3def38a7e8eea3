import { hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ConfirmDepositCommand, SQL, VerifyLedgerQuery, type CommandContext } from '@savings/application';
import type { Role, VerifyReport } from '@savings/contracts';
import type { Sql } from '@savings/database';
import type { TestApp } from './test-app';

export type TestAgent = ReturnType<typeof request.agent>;

export interface TestActor {
  id: number;
  email: string;
  role: Role;
  /** A supertest agent holding this user's session cookie. */
  agent: TestAgent;
}

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | null = null;

/** Inserts a user row directly (admins and auditors have no sign-up) and returns its id. */
export async function insertUser(app: TestApp, role: Role, name: string, email?: string): Promise<number> {
  passwordHash ??= hash(TEST_PASSWORD);
  const sql = app.app.get<Sql>(SQL);
  const [row] = await sql.query<{ id: string }>(
    `insert into users (name, email, password_hash, reference_code, role)
     values ($1, $2, $3, $4, $5) returning id`,
    [
      name,
      email ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${randomBytes(3).toString('hex')}@example.test`,
      await passwordHash,
      `T${randomBytes(5).toString('hex').toUpperCase()}`,
      role,
    ],
  );
  return Number(row.id);
}

/** Inserts a user and signs in through POST /api/auth/login. */
export async function signedIn(app: TestApp, role: Role, name: string): Promise<TestActor> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${randomBytes(3).toString('hex')}@example.test`;
  const id = await insertUser(app, role, name, email);
  const agent = request.agent(app.server);
  await agent.post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200);
  return { id, email, role, agent };
}

/** A command context for test set-up that goes through the ledger's real commands. */
export function testContext(kind: 'admin' | 'user', id: number): CommandContext {
  return { actor: { kind, id }, correlationId: `test-${randomBytes(6).toString('hex')}` };
}

/** Saves banking details on the users row (identity data, not money), as PUT /api/user/banking-details would. */
export async function saveBankingDetails(app: TestApp, userId: number): Promise<void> {
  await app.app
    .get<Sql>(SQL)
    .query(
      `update users set beneficiary_name = 'Test Beneficiary', iban = 'GB82WEST12345698765432', swift = 'NWBKGB2L' where id = $1`,
      [userId],
    );
}

/** A customer with banking details and a confirmed deposit of `amount` (canonical "1000.00"), through the ledger. */
export async function fundedCustomer(app: TestApp, name: string, amount: string, adminId: number): Promise<number> {
  const userId = await insertUser(app, 'customer', name);
  await saveBankingDetails(app, userId);
  if (amount !== '0.00') {
    await app.app
      .get(CommandBus)
      .execute(new ConfirmDepositCommand(userId, amount, 'opening balance', testContext('admin', adminId)));
  }
  return userId;
}

export async function balanceCents(app: TestApp, userId: number): Promise<bigint> {
  const [row] = await app.app
    .get<Sql>(SQL)
    .query<{ balance_cents: string }>('select balance_cents::text from accounts where user_id = $1', [userId]);
  return BigInt(row?.balance_cents ?? '0');
}

/**
 * Everything a back-office call could change, as one comparable value: the log, balances, request
 * states, notifications read, blog posts. Equal snapshots mean a refused call changed nothing.
 */
export async function backOfficeSnapshot(app: TestApp): Promise<Record<string, string | null>> {
  const [row] = await app.app.get<Sql>(SQL).query<Record<string, string | null>>(
    `select (select count(*) from ledger_events)::text as events,
            (select string_agg(user_id || ':' || balance_cents || ':' || held_cents || ':' || version, ',' order by user_id)
               from accounts) as accounts,
            (select string_agg(id || ':' || status || ':' || amount_cents, ',' order by id) from withdrawals) as withdrawals,
            (select string_agg(id || ':' || status || ':' || amount_cents, ',' order by id) from deposit_requests)
              as deposit_requests,
            (select count(*) from deposits)::text as deposits,
            (select count(*) from admin_transactions)::text as admin_transactions,
            (select string_agg(id || ':' || is_read, ',' order by id) from admin_notifications) as notifications,
            (select string_agg(id || ':' || status, ',' order by id) from approvals) as approvals,
            (select string_agg(id || ':' || slug || ':' || published || ':' || title, ',' order by id) from blog_posts)
              as blog_posts`,
  );
  return row;
}

/** The ledger's own integrity checks through the app's QueryBus; throws with the failed checks. */
export async function expectLedgerVerifies(app: TestApp): Promise<VerifyReport> {
  const report = await app.app.get(QueryBus).execute<VerifyLedgerQuery, VerifyReport>(new VerifyLedgerQuery());
  const failed = report.checks.filter((check) => !check.ok);
  if (!report.ok || failed.length > 0) {
    throw new Error(`ledger verify failed: ${JSON.stringify(failed)}`);
  }
  return report;
}
