import {
  addDays,
  cronAt,
  datesBetween,
  isCalendarDate,
  latestDueDate,
  latestPayoutDate,
  localDateTime,
  todayIn,
  wallClock,
} from './job-dates';

/** Job dates at their edges: the exact minute, month and year ends, half-hour zones, malformed dates. */
describe('job dates at the edges', () => {
  it('reads every part of the wall clock, afternoon hours on a 24-hour clock', () => {
    expect(wallClock(new Date('2030-12-31T23:59:58Z'), 'UTC')).toEqual({
      year: '2030',
      month: '12',
      day: '31',
      hour: '23',
      minute: '59',
      second: '58',
    });
    expect(wallClock(new Date('2030-01-01T00:00:00Z'), 'Asia/Kolkata')).toEqual({
      year: '2030',
      month: '01',
      day: '01',
      hour: '05',
      minute: '30',
      second: '00',
    });
    expect(localDateTime(new Date('2030-06-01T14:05:00Z'), 'UTC')).toEqual({ date: '2030-06-01', time: '14:05' });
    expect(localDateTime(new Date('2030-06-01T00:00:00Z'), 'UTC')).toEqual({ date: '2030-06-01', time: '00:00' });
  });

  it('today is the local date, by default of now', () => {
    expect(todayIn('UTC')).toBe(new Date().toISOString().slice(0, 10));
    expect(todayIn('Asia/Kolkata', new Date('2030-01-01T18:30:00Z'))).toBe('2030-01-02');
  });

  it('the credit time is due from its exact minute, in the zone', () => {
    expect(latestDueDate(new Date('2030-01-15T04:29:59Z'), 'Asia/Kolkata', '10:00')).toBe('2030-01-14');
    expect(latestDueDate(new Date('2030-01-15T04:30:00Z'), 'Asia/Kolkata', '10:00')).toBe('2030-01-15');
    expect(latestDueDate(new Date('2030-01-01T00:00:00Z'), 'UTC', '10:00')).toBe('2029-12-31');
  });

  it('the payout date is the 1st once its time has passed, the 1st before otherwise', () => {
    expect(latestPayoutDate(new Date('2030-01-01T08:59:00Z'), 'UTC', '09:00')).toBe('2029-12-01');
    expect(latestPayoutDate(new Date('2030-01-01T09:00:00Z'), 'UTC', '09:00')).toBe('2030-01-01');
    expect(latestPayoutDate(new Date('2030-01-02T00:00:00Z'), 'UTC', '09:00')).toBe('2030-01-01');
    expect(latestPayoutDate(new Date('2030-03-01T08:00:00Z'), 'UTC', '09:00')).toBe('2030-02-01');
  });

  it('accepts only whole YYYY-MM-DD calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2030-02-29')).toBe(false);
    // Date reads this as January 12345 and writes it back the same: only the pattern refuses it
    expect(isCalendarDate('+012345-01')).toBe(false);
    expect(isCalendarDate('2030-13-01')).toBe(false);
    expect(isCalendarDate('2030-00-10')).toBe(false);
    expect(isCalendarDate('2030-01-010')).toBe(false);
    expect(isCalendarDate('x2030-01-01')).toBe(false);
    expect(isCalendarDate('2030-01-01T00:00')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('walks back and forward by days', () => {
    expect(addDays('2030-01-01', -1)).toBe('2029-12-31');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(addDays('2030-01-31', 0)).toBe('2030-01-31');
    expect(datesBetween('2030-01-01', '2030-01-01')).toEqual(['2030-01-01']);
  });

  it('writes cron patterns with unpadded minute and hour', () => {
    expect(cronAt('00:00', '*')).toBe('0 0 * * *');
    expect(cronAt('23:59', '1')).toBe('59 23 1 * *');
  });
});
