import { monthlyInterestCents, nextInterestAt, zonedInstant } from './next-interest';

describe('nextInterestAt', () => {
  it('is today 10:00 before 10:00 and tomorrow after, in UTC', () => {
    expect(nextInterestAt(new Date('2026-11-22T09:59:59Z'), 'UTC', '10:00').toISOString()).toBe(
      '2026-11-22T10:00:00.000Z',
    );
    expect(nextInterestAt(new Date('2026-11-22T10:00:00Z'), 'UTC', '10:00').toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
  });

  it('follows the platform zone, not the server clock', () => {
    // 10:00 in Rome (UTC+1 in November) is 09:00Z
    expect(nextInterestAt(new Date('2026-11-22T08:30:00Z'), 'Europe/Rome', '10:00').toISOString()).toBe(
      '2026-11-22T09:00:00.000Z',
    );
    // 23:30Z on the 22nd is already the 23rd 08:30 in Tokyo
    expect(nextInterestAt(new Date('2026-11-22T23:30:00Z'), 'Asia/Tokyo', '10:00').toISOString()).toBe(
      '2026-11-23T01:00:00.000Z',
    );
  });

  it('handles daylight-saving days', () => {
    // New York: 2026-03-08 springs forward, 2026-11-01 falls back
    expect(zonedInstant('2026-03-08', '10:00', 'America/New_York').toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(zonedInstant('2026-03-07', '10:00', 'America/New_York').toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(zonedInstant('2026-11-01', '10:00', 'America/New_York').toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });
});

describe('monthlyInterestCents', () => {
  it('is balance * 0.07 / 12 rounded half-up to cents', () => {
    expect(monthlyInterestCents(0n)).toBe(0n);
    expect(monthlyInterestCents(100_000n)).toBe(583n); // $1,000 -> $5.833 -> $5.83
    expect(monthlyInterestCents(1_200_000n)).toBe(7_000n); // $12,000 -> $70.00
    expect(monthlyInterestCents(600n)).toBe(4n); // $6 -> $0.035 -> $0.04
    expect(monthlyInterestCents(99_999_999_999_999n)).toBe(583_333_333_333n);
  });
});
