import { hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { SQL } from '@savings/application';
import type { Role } from '@savings/contracts';
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
