import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Shell</title></head><body><div id="root"></div></body></html>';
const page = (language: string, text: string) =>
  `<!doctype html><html lang="${language}"><head><title>${text}</title></head><body><div id="root"><h1>${text}</h1></div></body></html>`;

describe('serving the web build: prerendered landing pages', () => {
  let web: TestApp;
  let dist: string;

  const writePage = (name: string, html: string) => {
    writeFileSync(join(dist, 'prerendered', name), html);
    writeFileSync(join(dist, 'prerendered', `${name}.gz`), gzipSync(html));
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'prerendered'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writePage('index.html', page('en', 'Earn 7%'));
    writePage('it.html', page('it', 'Guadagna il 7%'));
    // /fr has no prerendered page in this build: index.html draws it in the browser
    web = await startTestApp({ WEB_DIST_DIR: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a landing page as prerendered, gzipped to a browser that accepts it', async () => {
    const gzipped = await request(web.server).get('/it').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/text\/html/);
    expect(gzipped.headers['cache-control']).toBe('no-cache');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(gzipped.text).toContain('<h1>Guadagna il 7%</h1>'); // supertest gunzips

    const plain = await request(web.server).get('/it/').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('<html lang="it">');
    expect(plain.text).toContain('<h1>Guadagna il 7%</h1>');

    const home = await request(web.server).get('/').expect(200);
    expect(home.text).toContain('<h1>Earn 7%</h1>');
  });

  it('sends index.html for a landing page the build did not prerender and for every other screen', async () => {
    for (const path of ['/fr', '/auth', '/dashboard', '/blog']) {
      const response = await request(web.server).get(path).expect(200);
      expect(response.text).toBe(INDEX_HTML);
    }
    for (const path of ['/it/extra', '/prerendered/it.html', '/prerendered/it.html.gz']) {
      const unknown = await request(web.server).get(path).expect(404);
      expect(unknown.text).toContain('noindex');
      expect(unknown.text).not.toContain('Guadagna');
    }
  });

  it('serves a rebuilt page, not the one it read before', async () => {
    await request(web.server).get('/it').expect(200);
    writePage('it.html', page('it', 'Nuovo testo'));
    // a rebuild within the same millisecond as the first write would look unchanged: move the mtime on
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dist, 'prerendered', 'it.html'), later, later);
    utimesSync(join(dist, 'prerendered', 'it.html.gz'), later, later);
    const response = await request(web.server).get('/it').expect(200);
    expect(response.text).toContain('<h1>Nuovo testo</h1>');
  });
});

describe('serving the web build: no source maps (contract section 8)', () => {
  let web: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    // a build that left maps behind (an older or a development build): they must still not be served
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)\n');
    writeFileSync(join(dist, 'assets', 'index-abc.js.gz'), gzipSync('console.log(1)\n'));
    writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    writeFileSync(join(dist, 'assets', 'index-abc.js.map.gz'), gzipSync('{"version":3}'));
    writeFileSync(join(dist, 'stray.js.map'), '{"version":3}');
    web = await startTestApp({ WEB_DIST_DIR: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers 404 for every .map file, gzipped or not, and still serves the scripts', async () => {
    await request(web.server).get('/assets/index-abc.js').expect(200);
    for (const path of ['/assets/index-abc.js.map', '/assets/INDEX-ABC.JS.MAP', '/stray.js.map']) {
      for (const encoding of ['gzip', 'identity']) {
        const response = await request(web.server).get(path).set('Accept-Encoding', encoding);
        expect(response.status).toBe(404);
        expect(response.text).not.toContain('version');
      }
    }
  });
});
