import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { SQL } from '@savings/application';
import type { Sql } from '@savings/database';
import { signedIn, type TestActor } from '../../test/back-office';
import { startTestApp, type TestApp } from '../../test/test-app';

describe('admin payout files and queue dashboard', () => {
  let app: TestApp;
  let admin: TestActor;
  let customer: TestActor;
  let fileId: number;

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'payouts-e2e-'));
    app = await startTestApp({ PAYOUT_DIR: dir });
    admin = await signedIn(app, 'admin', 'Payout Admin');
    customer = await signedIn(app, 'customer', 'Payout Customer');
    // a file as the monthly job leaves it (the job itself is tested in services/worker)
    const csvPath = join(dir, 'payout-2026-12-01-1.csv');
    const xmlPath = join(dir, 'payout-2026-12-01-1.xml');
    await writeFile(csvPath, 'beneficiary,iban,bic,amount,reference\r\nAnna,DE89370400440532013000,,1000.50,W1\r\n');
    await writeFile(xmlPath, '<?xml version="1.0" encoding="UTF-8"?><Document/>\n');
    const [row] = await app.app.get<Sql>(SQL).query<{ id: string }>(
      `insert into payout_files (payout_date, status, withdrawal_count, total_cents, csv_path, xml_path, written_at)
       values ('2026-12-01', 'written', 1, 100050, $1, $2, now()) returning id`,
      [csvPath, xmlPath],
    );
    fileId = Number(row.id);
  }, 60_000);

  afterAll(() => app.close());

  it('lists payout files for admins only', async () => {
    await request(app.server).get('/api/admin/payouts').expect(401, { message: 'Authentication required' });
    await customer.agent.get('/api/admin/payouts').expect(403, { message: 'Admin access required' });
    const res = await admin.agent.get('/api/admin/payouts').expect(200);
    expect(res.body.payoutFiles).toEqual([
      expect.objectContaining({ id: fileId, payoutDate: '2026-12-01', withdrawalCount: 1, total: 1000.5 }),
    ]);
  });

  it('downloads the CSV and XML as attachments, 404 for an unknown id', async () => {
    const csv = await admin.agent.get(`/api/admin/payouts/${fileId}/csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="payout-2026-12-01-${fileId}.csv"`);
    expect(csv.text).toContain('Anna,DE89370400440532013000,,1000.50,W1');
    const xml = await admin.agent.get(`/api/admin/payouts/${fileId}/xml`).expect(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    await admin.agent.get('/api/admin/payouts/999999/csv').expect(404);
    await customer.agent.get(`/api/admin/payouts/${fileId}/xml`).expect(403);
  });

  it('serves the queue dashboard to admins only', async () => {
    await request(app.server).get('/api/admin/queues').expect(401);
    await customer.agent.get('/api/admin/queues/api/queues').expect(403);
    const page = await admin.agent.get('/api/admin/queues').expect(200);
    expect(page.text).toContain('<html');
    const queues = await admin.agent.get('/api/admin/queues/api/queues').expect(200);
    expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual(['interest', 'payouts']);
  });
});
