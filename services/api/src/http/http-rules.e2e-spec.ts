import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';

describe('HTTP rules every route shares', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports PostgreSQL and Redis as reachable', async () => {
    const response = await request(app.server).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', details: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('gives every response a request id, and echoes a sane one', async () => {
    const fresh = await request(app.server).get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await request(app.server).get('/api/health').set('X-Request-Id', 'abc-123');
    expect(echoed.headers['x-request-id']).toBe('abc-123');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await request(app.server).post('/api/health').set('Content-Type', 'text/plain').send('hello');
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/JSON/);
  });

  it('refuses form-encoded bodies with 415', async () => {
    const response = await request(app.server).post('/api/health').type('form').send({ amount: '1000' });
    expect(response.status).toBe(415);
  });

  it('refuses malformed JSON with 400 and a sentence', async () => {
    const response = await request(app.server)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Request body is not valid JSON.' });
  });

  it('refuses bodies over 100 KB with 413', async () => {
    const response = await request(app.server)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(110 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/too large/);
  });

  it('refuses 5,000-deep JSON with 400, not a crash', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const response = await request(app.server).post('/api/health').set('Content-Type', 'application/json').send(deep);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/nested too deeply/);
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const response = await request(app.server).get('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(typeof response.body.message).toBe('string');
  });

  it('publishes the OpenAPI document', async () => {
    const response = await request(app.server).get('/api/docs-json').expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toContain('/api/health');
  });
});

describe('slow requests (contract section 8: 10 s for headers, 30 s for the request, then 408)', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await startTestApp();
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  /**
   * A raw client that sends `first`, then one of `drips` per second until the server answers or
   * closes: what the server says and when it started saying it.
   */
  function dribble(first: string, drips: string[]): Promise<{ text: string; seconds: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let text = '';
      let answeredAt = 0;
      const socket = connect(port, '127.0.0.1', () => socket.write(first));
      const timer = setInterval(() => {
        const drip = drips.shift();
        if (drip !== undefined && socket.writable) socket.write(drip);
      }, 1_000);
      socket.on('data', (chunk) => {
        answeredAt ||= Date.now();
        text += chunk.toString('utf8');
      });
      socket.on('error', () => undefined); // a reset after the answer is the server closing: fine
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ text, seconds: ((answeredAt || Date.now()) - started) / 1000 });
      });
    });
  }

  it('cuts dribbled headers at 10 s and a dribbled body at 30 s with 408; a body slower than 10 s is served', async () => {
    const head = 'POST /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';
    const body = `{"padding":"${'x'.repeat(40)}"}`;
    const [slowHeaders, slowBody, slowButInTime] = await Promise.all([
      // a header line a second, never the blank line that ends them
      dribble(
        head,
        Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: y\r\n`),
      ),
      // headers at once, then one byte of a 1,000-byte body a second
      dribble(
        `${head}Content-Length: 1000\r\n\r\n`,
        Array.from({ length: 60 }, () => ' '),
      ),
      // a 54-byte body over 14 s: past the headers limit, within the request limit
      dribble(`${head}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`, body.match(/.{1,4}/g) ?? []),
    ]);
    for (const cut of [slowHeaders, slowBody]) {
      expect(cut.text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(cut.text).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
      expect(JSON.parse(cut.text.slice(cut.text.indexOf('\r\n\r\n') + 4))).toEqual({
        message: 'The request took too long to arrive.',
      });
    }
    expect(slowHeaders.seconds).toBeGreaterThanOrEqual(10);
    expect(slowHeaders.seconds).toBeLessThan(20);
    expect(slowBody.seconds).toBeGreaterThanOrEqual(30);
    expect(slowBody.seconds).toBeLessThan(40);
    // the body arrived whole: the route answers (POST /api/health is no route: 404), no 408
    expect(slowButInTime.text).toMatch(/^HTTP\/1\.1 404 /);
    expect(slowButInTime.seconds).toBeGreaterThan(10);
  }, 60_000);
});
