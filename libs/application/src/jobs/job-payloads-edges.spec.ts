import { loadConfig } from '@savings/config';
import {
  jobsNow,
  parseDailyInterestJob,
  parseInterestBatchJob,
  parseInterestDateJob,
  parseMonthlyWithdrawalsJob,
} from './job-payloads';
import { notificationsFor } from '../money/admin-notifications';

/** Job payloads at their edges, word for word, and the admin notifications of requests. */
const config = loadConfig({ NODE_ENV: 'test', APP_TIMEZONE: 'UTC' });
// 2030-03-01 10:00 UTC: interest is due up to the 1st (10:00 has come); the latest payout is 2030-03-01
const now = new Date('2030-03-01T10:00:00Z');

describe('job payload edges', () => {
  it('the clock is JOBS_CLOCK_AT when set, now otherwise', () => {
    const at = new Date('2030-01-01T00:00:00Z');
    expect(jobsNow({ ...config, jobsClockAt: at })).toBe(at);
    const before = Date.now();
    const clock = jobsNow({ ...config, jobsClockAt: null }).getTime();
    expect(clock).toBeGreaterThanOrEqual(before);
  });

  it('takes a date due exactly now, and refuses the next', () => {
    expect(parseDailyInterestJob({ until: '2030-03-01' }, config, now)).toEqual({ until: '2030-03-01' });
    expect(() => parseDailyInterestJob({ until: '2030-03-02' }, config, now)).toThrow(
      'This daily-interest job for 2030-03-02 is refused: interest is due up to 2030-03-01 only.',
    );
    expect(parseMonthlyWithdrawalsJob({ date: '2030-03-01' }, config, now)).toEqual({ date: '2030-03-01' });
  });

  it('refuses each malformed part with its sentence', () => {
    for (const data of [null, [], 'x']) {
      expect(() => parseDailyInterestJob(data, config, now)).toThrow(
        'This daily-interest job needs an object payload.',
      );
    }
    expect(() => parseDailyInterestJob({ other: 1 }, config, now)).toThrow(
      'This daily-interest job has a field it does not take.',
    );
    for (const until of ['2030-02-30', 20300101, '']) {
      expect(() => parseDailyInterestJob({ until }, config, now)).toThrow(
        'The until of this daily-interest job is not a date (YYYY-MM-DD).',
      );
    }
    expect(() => parseInterestBatchJob({ date: '2030-03-01', fromUserId: 0, toUserId: -1 }, config, now)).toThrow(
      'The toUserId of this interest-batch job is not a whole number of at least 0.',
    );
    expect(() => parseInterestBatchJob({ date: '2030-03-01', fromUserId: 6, toUserId: 5 }, config, now)).toThrow(
      "This interest-batch job's range [6, 5) is empty.",
    );
    expect(parseInterestBatchJob({ date: '2030-03-01', fromUserId: 5, toUserId: 6 }, config, now)).toEqual({
      date: '2030-03-01',
      fromUserId: 5,
      toUserId: 6,
    });
    expect(() => parseInterestDateJob({ date: '2030-03-01', until: '2030-02-28' }, config, now)).toThrow(
      'This interest-date job closes 2030-03-01, after its last date 2030-02-28.',
    );
    expect(parseInterestDateJob({ date: '2030-02-28', until: '2030-02-28' }, config, now)).toEqual({
      date: '2030-02-28',
      until: '2030-02-28',
    });
    expect(() => parseMonthlyWithdrawalsJob({ date: '2030-02-10' }, config, now)).toThrow('payouts run on the 1st');
    try {
      parseMonthlyWithdrawalsJob({ date: 'x' }, config, now);
    } catch (error) {
      expect(error).toMatchObject({ code: 'JOBS.INVALID_PAYLOAD', kind: 'invalid' });
    }
  });
});

describe('each refusal names its job and field', () => {
  it('interest-batch, interest-date and monthly-withdrawals jobs, each of their date fields', () => {
    expect(() => parseInterestBatchJob({ date: 'x', fromUserId: 0, toUserId: 1 }, config, now)).toThrow(
      'The date of this interest-batch job is not a date (YYYY-MM-DD).',
    );
    expect(() => parseInterestBatchJob({ date: '2030-03-01', fromUserId: 0.5, toUserId: 1 }, config, now)).toThrow(
      'The fromUserId of this interest-batch job is not a whole number of at least 0.',
    );
    expect(() => parseInterestDateJob(null, config, now)).toThrow('This interest-date job needs an object payload.');
    expect(() => parseInterestDateJob({ date: '2030-03-01', until: 'x' }, config, now)).toThrow(
      'The until of this interest-date job is not a date (YYYY-MM-DD).',
    );
    expect(() => parseInterestDateJob({ date: 'x', until: '2030-03-01' }, config, now)).toThrow(
      'The date of this interest-date job is not a date (YYYY-MM-DD).',
    );
    expect(() => parseMonthlyWithdrawalsJob({ date: 'x' }, config, now)).toThrow(
      'The date of this monthly-withdrawals job is not a date (YYYY-MM-DD).',
    );
    expect(() => parseMonthlyWithdrawalsJob([], config, now)).toThrow(
      'This monthly-withdrawals job needs an object payload.',
    );
  });
});

describe('admin notifications of requests', () => {
  const holder = {
    id: 42,
    name: 'Ann',
    email: 'ann@example.test',
    language: 'en',
    referenceCode: '22222222',
    beneficiaryName: null,
    iban: null,
    swift: null,
    bankingDetailsChangedAt: null,
  };

  it('one per deposit or withdrawal request, with the amount in dollars; none for other events', () => {
    expect(
      notificationsFor(holder, [
        { type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '150000' } },
        { type: 'WithdrawalRequested', data: { withdrawalId: 5, amountCents: '100050' } },
        { type: 'WithdrawalCancelled', data: { withdrawalId: 5, amountCents: '100050' } },
      ]),
    ).toEqual([
      { type: 'deposit_request', message: 'Ann requested a deposit of $1,500.00', userId: '42', relatedId: '3' },
      { type: 'withdrawal_request', message: 'Ann requested a withdrawal of $1,000.50', userId: '42', relatedId: '5' },
    ]);
    expect(notificationsFor(holder, [])).toEqual([]);
  });
});
