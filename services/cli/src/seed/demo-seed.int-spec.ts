import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@savings/config';
import {
  CreateOrPromoteUserCommand,
  SQL,
  VerifyCredentialsQuery,
  type CreateOrPromoteUserResult,
  type SessionUser,
} from '@savings/application';
import type { Sql } from '@savings/database';
import { resetDatabase, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import { withApplication } from '../with-application';
import { seedDemo, type DemoCredentials } from './demo-seed';
import { DEMO_CUSTOMERS } from './demo-content';

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: testDatabaseUrl(),
  REDIS_URL: testRedisUrl(),
  QUEUE_PREFIX: testRedisPrefix(),
});

describe('db:seed and admin:create', () => {
  let dir: string;
  beforeAll(async () => {
    await resetDatabase();
    dir = mkdtempSync(join(tmpdir(), 'seed-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const counts = (sql: Sql) =>
    sql.query<{ users: string; events: string; posts: string; withdrawals: string; requests: string }>(
      `select (select count(*) from users)::text as users, (select count(*) from ledger_events)::text as events,
              (select count(*) from blog_posts where published)::text as posts,
              (select count(*) from withdrawals where status = 'pending')::text as withdrawals,
              (select count(*) from deposit_requests where status = 'pending')::text as requests`,
    );

  it('seeds once through the ledger, remembers it, and prints the same admin login afterwards', async () => {
    const file = join(dir, 'demo-admin.json');
    await withApplication(config, async (app: INestApplicationContext) => {
      const first = await seedDemo(app, file);
      expect(first.seededNow).toBe(true);
      const stored = JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
      expect(stored.email).toBe('admin@demo.local');
      expect(stored.password).toBe(first.credentials.password);
      const sql = app.get<Sql>(SQL);
      const [after] = await counts(sql);
      expect(after).toEqual({
        // the customers and two admins (the second approves the seed's moves at or above four eyes)
        users: String(DEMO_CUSTOMERS.length + 2),
        events: expect.any(String),
        posts: '3',
        withdrawals: '2',
        requests: '3',
      });
      expect(Number(after.events)).toBeGreaterThanOrEqual(10);
      expect(stored.secondAdmin?.email).toBe('admin2@demo.local');
      // Alice's 25,000 deposit reached the default threshold: asked by one admin, approved by the other
      const [approved] = await sql.query<{ n: string }>(
        "select count(*)::text as n from approvals where status = 'approved' and requested_by <> decided_by",
      );
      expect(Number(approved.n)).toBeGreaterThanOrEqual(1);
      const balances = await sql.query<{ email: string; balance_cents: string; held_cents: string }>(
        `select u.email, a.balance_cents::text, a.held_cents::text from users u join accounts a on a.user_id = u.id order by u.email`,
      );
      expect(balances.find((b) => b.email === 'alice@demo.local')).toEqual({
        email: 'alice@demo.local',
        balance_cents: '2525000',
        held_cents: '200000',
      });
      const admin = await app
        .get(QueryBus)
        .execute<VerifyCredentialsQuery, SessionUser | null>(
          new VerifyCredentialsQuery('admin@demo.local', stored.password),
        );
      expect(admin?.role).toBe('admin');
      const customer = await app
        .get(QueryBus)
        .execute<VerifyCredentialsQuery, SessionUser | null>(
          new VerifyCredentialsQuery('alice@demo.local', stored.customers.password),
        );
      expect(customer?.role).toBe('customer');

      const second = await seedDemo(app, file);
      expect(second).toEqual({ seededNow: false, credentials: stored });
      expect(await counts(sql)).toEqual([after]);

      // the credentials file is gone: a new admin password is issued, nothing else changes
      rmSync(file);
      const third = await seedDemo(app, file);
      expect(third.seededNow).toBe(false);
      expect(third.credentials.password).not.toBe(stored.password);
      const reissued = await app
        .get(QueryBus)
        .execute<VerifyCredentialsQuery, SessionUser | null>(
          new VerifyCredentialsQuery('admin@demo.local', third.credentials.password),
        );
      expect(reissued?.role).toBe('admin');
      expect(await counts(sql)).toEqual([after]);
    });
  });

  it('admin:create creates, then promotes idempotently, keeping the password', async () => {
    await withApplication(config, async (app) => {
      const bus = app.get(CommandBus);
      const create = (role: 'admin' | 'auditor', password = 'first-pass') =>
        bus.execute<CreateOrPromoteUserCommand, CreateOrPromoteUserResult>(
          new CreateOrPromoteUserCommand('Ops@Example.com', password, 'Ops Person', role),
        );
      const first = await create('auditor');
      expect(first).toEqual({ userId: expect.any(Number), created: true, previousRole: null });
      const again = await create('auditor', 'other-pass');
      expect(again).toEqual({ userId: first.userId, created: false, previousRole: 'auditor' });
      const promoted = await create('admin');
      expect(promoted).toEqual({ userId: first.userId, created: false, previousRole: 'auditor' });
      const user = await app
        .get(QueryBus)
        .execute<VerifyCredentialsQuery, SessionUser | null>(
          new VerifyCredentialsQuery('ops@example.com', 'first-pass'),
        );
      expect(user).toEqual({ id: first.userId, name: 'Ops Person', email: 'ops@example.com', role: 'admin' });
    });
  });
});
