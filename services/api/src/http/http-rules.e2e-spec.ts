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
