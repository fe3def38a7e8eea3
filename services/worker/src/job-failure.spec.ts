import { UnrecoverableError } from 'bullmq';
import { DomainError } from '@savings/domain';
import { INTERNAL_JOB_FAILURE, jobFailure } from './job-failure';

describe('what a failed job records', () => {
  it('keeps a domain sentence, without a stack', () => {
    const failure = jobFailure(new DomainError('LEDGER.CONFLICT', 'conflict', 'The account changed meanwhile.'));
    expect(failure.message).toBe('The account changed meanwhile.');
    expect(failure.stack).toBe('');
    expect(failure).not.toBeInstanceOf(UnrecoverableError);
  });

  it('makes a refused payload unrecoverable (a forged job is not retried)', () => {
    const failure = jobFailure(new DomainError('JOBS.INVALID_PAYLOAD', 'invalid', 'This job is refused.'));
    expect(failure).toBeInstanceOf(UnrecoverableError);
    expect(failure.message).toBe('This job is refused.');
  });

  it('never passes on SQL, a path or a stack: one sentence instead', () => {
    const sqlError = Object.assign(new Error('duplicate key value violates unique constraint "payout_files_pkey"'), {
      detail: 'Key (id)=(1) already exists.',
    });
    const pathError = new Error("ENOENT: no such file or directory, open '/srv/app/.data/payouts/payout-1.csv'");
    for (const error of [sqlError, pathError, new TypeError('x is undefined'), 'a string', null]) {
      const failure = jobFailure(error);
      expect(failure.message).toBe(INTERNAL_JOB_FAILURE);
      expect(failure.stack).toBe('');
    }
  });

  it('keeps only the first line of a multi-line domain message', () => {
    const failure = jobFailure(new DomainError('JOBS.X', 'conflict', 'First line.\n    at secret (/srv/app/x.js:1:1)'));
    expect(failure.message).toBe('First line.');
  });
});
