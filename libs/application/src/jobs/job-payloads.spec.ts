import { loadConfig } from '@savings/config';
import {
  parseDailyInterestJob,
  parseInterestBatchJob,
  parseInterestDateJob,
  parseMonthlyWithdrawalsJob,
} from './job-payloads';

const config = loadConfig({ NODE_ENV: 'test', APP_TIMEZONE: 'Europe/Rome' });
// 2026-11-24 09:30 in Rome: interest (10:00) is due up to the 23rd; the latest payout (1st, 09:00) is 2026-11-01
const now = new Date('2026-11-24T08:30:00Z');

describe('job payloads are untrusted', () => {
  it('takes the dates whose time has come, in APP_TIMEZONE', () => {
    expect(parseDailyInterestJob({}, config, now)).toEqual({});
    expect(parseDailyInterestJob({ until: '2026-11-23' }, config, now)).toEqual({ until: '2026-11-23' });
    expect(parseInterestBatchJob({ date: '2026-11-23', fromUserId: 0, toUserId: 5000 }, config, now)).toEqual({
      date: '2026-11-23',
      fromUserId: 0,
      toUserId: 5000,
    });
    expect(parseInterestDateJob({ date: '2026-11-20', until: '2026-11-23' }, config, now)).toEqual({
      date: '2026-11-20',
      until: '2026-11-23',
    });
    expect(parseMonthlyWithdrawalsJob({}, config, now)).toEqual({ date: '2026-11-01' });
    expect(parseMonthlyWithdrawalsJob({ date: '2026-10-01' }, config, now)).toEqual({ date: '2026-10-01' });
  });

  it('refuses a date whose time has not come (today before 10:00 included)', () => {
    expect(() => parseDailyInterestJob({ until: '2026-11-24' }, config, now)).toThrow(
      'This daily-interest job for 2026-11-24 is refused: interest is due up to 2026-11-23 only.',
    );
    expect(() => parseInterestBatchJob({ date: '2030-01-01', fromUserId: 0, toUserId: 1 }, config, now)).toThrow(
      /interest is due up to 2026-11-23 only/,
    );
    expect(() => parseInterestDateJob({ date: '2026-11-24', until: '2026-11-24' }, config, now)).toThrow(/due up to/);
    expect(() => parseMonthlyWithdrawalsJob({ date: '2026-12-01' }, config, now)).toThrow(
      'This monthly-withdrawals job for 2026-12-01 is refused: the latest payout due is 2026-11-01.',
    );
  });

  it('refuses a payout on any day but the 1st (a month paid early)', () => {
    expect(() => parseMonthlyWithdrawalsJob({ date: '2026-11-17' }, config, now)).toThrow(
      'This monthly-withdrawals job for 2026-11-17 is refused: payouts run on the 1st.',
    );
  });

  it('refuses odd shapes with one sentence that does not echo the sender', () => {
    const odd: unknown[] = [null, [], 'x', 5, { until: '2026-11-23', extra: '<script>' }];
    for (const data of odd) expect(() => parseDailyInterestJob(data, config, now)).toThrow(/^This daily-interest job/);
    for (const data of [
      { date: '2026-11-23', fromUserId: -1, toUserId: 5 },
      { date: '2026-11-23', fromUserId: 1.5, toUserId: 5 },
      { date: '2026-11-23', fromUserId: '0', toUserId: 5 },
      { date: '2026-11-23', fromUserId: 0, toUserId: Number.MAX_SAFE_INTEGER + 2 },
    ]) {
      expect(() => parseInterestBatchJob(data, config, now)).toThrow(/is not a whole number of at least 0\.$/);
    }
    expect(() => parseInterestBatchJob({ date: '2026-11-23', fromUserId: 5, toUserId: 5 }, config, now)).toThrow(
      "This interest-batch job's range [5, 5) is empty.",
    );
    expect(() => parseInterestBatchJob({ date: '2026-02-30', fromUserId: 0, toUserId: 5 }, config, now)).toThrow(
      'The date of this interest-batch job is not a date (YYYY-MM-DD).',
    );
    expect(() => parseInterestDateJob({ date: '2026-11-23', until: '2026-11-20' }, config, now)).toThrow(
      'This interest-date job closes 2026-11-23, after its last date 2026-11-20.',
    );
  });
});
