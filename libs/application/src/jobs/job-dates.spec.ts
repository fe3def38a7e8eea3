import {
  addDays,
  cronAt,
  datesBetween,
  isCalendarDate,
  latestDueDate,
  latestPayoutDate,
  localDateTime,
  todayIn,
} from './job-dates';

describe('job dates', () => {
  it('reads the local date and time of an instant in the platform zone', () => {
    const instant = new Date('2026-03-01T02:30:00Z');
    expect(localDateTime(instant, 'UTC')).toEqual({ date: '2026-03-01', time: '02:30' });
    expect(localDateTime(instant, 'America/New_York')).toEqual({ date: '2026-02-28', time: '21:30' });
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-03-01');
  });

  it('counts today as due only once its credit time has passed', () => {
    expect(latestDueDate(new Date('2026-05-10T09:59:00Z'), 'UTC', '10:00')).toBe('2026-05-09');
    expect(latestDueDate(new Date('2026-05-10T10:00:00Z'), 'UTC', '10:00')).toBe('2026-05-10');
    // 10:00 in Rome is 08:00 UTC in summer
    expect(latestDueDate(new Date('2026-07-10T08:01:00Z'), 'Europe/Rome', '10:00')).toBe('2026-07-10');
    expect(latestDueDate(new Date('2026-07-10T07:59:00Z'), 'Europe/Rome', '10:00')).toBe('2026-07-09');
  });

  it('finds the latest 1st whose payout time has passed', () => {
    expect(latestPayoutDate(new Date('2026-05-01T08:59:00Z'), 'UTC', '09:00')).toBe('2026-04-01');
    expect(latestPayoutDate(new Date('2026-05-01T09:00:00Z'), 'UTC', '09:00')).toBe('2026-05-01');
    expect(latestPayoutDate(new Date('2026-05-17T03:00:00Z'), 'UTC', '09:00')).toBe('2026-05-01');
    expect(latestPayoutDate(new Date('2027-01-01T08:00:00Z'), 'UTC', '09:00')).toBe('2026-12-01');
    // 00:30 on 1 March in Rome is still 28 February in UTC
    expect(latestPayoutDate(new Date('2026-02-28T23:30:00Z'), 'Europe/Rome', '00:15')).toBe('2026-03-01');
  });

  it('walks calendar dates across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('tomorrow')).toBe(false);
  });

  it('builds the cron patterns of the two schedules', () => {
    expect(cronAt('10:00', '*')).toBe('0 10 * * *');
    expect(cronAt('09:05', '1')).toBe('5 9 1 * *');
  });
});
