import { DomainError } from '@savings/domain';
import type { ArgumentsHost } from '@nestjs/common';
import { ErrorFilter, isDependencyOutage, SERVICE_BRIEFLY_UNAVAILABLE } from './error-filter';

describe('ErrorFilter', () => {
  const filter = new ErrorFilter();

  it('maps domain errors by kind and keeps their message', () => {
    expect(filter.toResponse(new DomainError('LEDGER.NOT_PENDING', 'conflict', 'Not pending'))).toEqual({
      status: 409,
      body: { message: 'Not pending' },
    });
  });

  it('answers 503 while PostgreSQL or Redis is out of reach, and 500 with no internals otherwise', () => {
    const pgGone = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const redisGone = new Error("Stream isn't writeable and enableOfflineQueue options is false");
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const error of [pgGone, redisGone, refused]) {
      expect(isDependencyOutage(error)).toBe(true);
      expect(filter.toResponse(error).status).toBe(503);
    }
    const bug = filter.toResponse(new TypeError('x is undefined'));
    expect(bug.status).toBe(500);
    expect(JSON.stringify(bug.body)).not.toMatch(/TypeError|undefined/);
    expect(isDependencyOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('answers a command caught by a failover 503 "Service briefly unavailable, please retry" with Retry-After', () => {
    const lost = [
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }),
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Knex: Timeout acquiring a connection. The pool is probably full.'),
      new Error("READONLY You can't write against a read only replica."),
      new Error('All sentinels are unreachable. Retrying from scratch after 100ms.'),
    ];
    for (const error of lost) {
      const headers: Record<string, string> = {};
      let sent: { status: number; body: unknown } | null = null;
      const response = {
        headersSent: false,
        setHeader: (name: string, value: string) => (headers[name] = value),
        status: (status: number) => ({ json: (body: unknown) => (sent = { status, body }) }),
      };
      const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
      jest.spyOn(filter['logger'], 'error').mockImplementation(() => undefined);
      filter.catch(error, host);
      expect({ sent, headers }).toEqual({
        sent: { status: 503, body: { message: SERVICE_BRIEFLY_UNAVAILABLE } },
        headers: { 'Retry-After': '5' },
      });
    }
  });
});
