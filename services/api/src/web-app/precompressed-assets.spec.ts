import express from 'express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { precompressedAssets } from './precompressed-assets';

describe('precompressedAssets', () => {
  const script = 'console.log("hello hello hello hello");\n';
  let dir: string;
  let app: express.Express;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'assets-'));
    writeFileSync(join(dir, 'index-abc.js'), script);
    writeFileSync(join(dir, 'index-abc.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'plain-def.js'), script);
    app = express();
    app.use(
      '/assets',
      precompressedAssets(dir, { immutable: true, maxAge: '365d' }),
      express.static(dir, { immutable: true, maxAge: '365d', index: false }),
      (_req, res) => res.status(404).send('Not found'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends the gzipped twin, typed as the original, to a browser accepting gzip', async () => {
    const response = await request(app).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['vary']).toMatch(/Accept-Encoding/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.text).toBe(script); // supertest gunzips
  });

  it('sends the plain file to a browser without gzip, and when there is no twin', async () => {
    const identity = await request(app).get('/assets/index-abc.js').set('Accept-Encoding', 'identity').expect(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['vary']).toMatch(/Accept-Encoding/);
    expect(identity.text).toBe(script);
    const noTwin = await request(app).get('/assets/plain-def.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(noTwin.headers['content-encoding']).toBeUndefined();
    expect(noTwin.text).toBe(script);
  });

  it('leaves a missing asset to the 404 after it, and never serves outside the directory', async () => {
    await request(app).get('/assets/missing.js').set('Accept-Encoding', 'gzip').expect(404);
    const escape = await request(app).get('/assets/..%2f..%2fetc%2fpasswd.js').set('Accept-Encoding', 'gzip');
    expect([403, 404]).toContain(escape.status);
  });
});
