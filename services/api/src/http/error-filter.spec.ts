import { DomainError } from '@savings/domain';
import { ErrorFilter, isDependencyOutage } from './error-filter';

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
});
