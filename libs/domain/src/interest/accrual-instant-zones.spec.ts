import { localDateOf, localTimeToInstant } from './accrual-instant';

/** The credit instant and local date in zones whose offset is not whole hours, and across DST changes. */
describe('accrual instant in half-hour and quarter-hour zones', () => {
  it.each([
    ['2030-01-15', '10:00', 'Asia/Kolkata', '2030-01-15T04:30:00.000Z'],
    ['2030-01-15', '10:00', 'Asia/Kathmandu', '2030-01-15T04:15:00.000Z'],
    ['2030-01-15', '10:00', 'America/St_Johns', '2030-01-15T13:30:00.000Z'],
    ['2030-07-15', '10:00', 'America/St_Johns', '2030-07-15T12:30:00.000Z'],
    // Adelaide is +10:30 in (southern) summer, +09:30 in winter
    ['2030-01-15', '10:00', 'Australia/Adelaide', '2030-01-14T23:30:00.000Z'],
    ['2030-07-15', '10:00', 'Australia/Adelaide', '2030-07-15T00:30:00.000Z'],
    ['2030-01-15', '10:45', 'Pacific/Chatham', '2030-01-14T21:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, iso) => {
    expect(localTimeToInstant(date, time, zone).toISOString()).toBe(iso);
  });

  it('reads the local date on each side of a half-hour zone midnight', () => {
    expect(localDateOf(new Date('2030-01-01T18:29:59Z'), 'Asia/Kolkata')).toBe('2030-01-01');
    expect(localDateOf(new Date('2030-01-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2030-01-02');
    expect(localDateOf(new Date('2030-12-31T13:29:00Z'), 'Australia/Adelaide')).toBe('2030-12-31');
    expect(localDateOf(new Date('2030-12-31T13:30:00Z'), 'Australia/Adelaide')).toBe('2031-01-01');
    expect(localDateOf(new Date('2030-03-05T23:00:00Z'), 'UTC')).toBe('2030-03-05');
  });
});

describe('accrual instant across DST changes', () => {
  it('uses the offset at the answer when the day changes offset before the time', () => {
    // New York springs forward at 02:00 local (07:00Z): 03:30 is EDT, -04:00
    expect(localTimeToInstant('2030-03-10', '03:30', 'America/New_York').toISOString()).toBe(
      '2030-03-10T07:30:00.000Z',
    );
    expect(localTimeToInstant('2030-03-10', '10:00', 'America/New_York').toISOString()).toBe(
      '2030-03-10T14:00:00.000Z',
    );
    expect(localTimeToInstant('2030-03-10', '01:30', 'America/New_York').toISOString()).toBe(
      '2030-03-10T06:30:00.000Z',
    );
    // and falls back at 02:00 EDT (06:00Z): 10:00 is EST, -05:00
    expect(localTimeToInstant('2030-11-03', '10:00', 'America/New_York').toISOString()).toBe(
      '2030-11-03T15:00:00.000Z',
    );
    expect(localTimeToInstant('2030-11-03', '00:30', 'America/New_York').toISOString()).toBe(
      '2030-11-03T04:30:00.000Z',
    );
  });

  it('east of UTC: Berlin on its change days', () => {
    expect(localTimeToInstant('2030-03-31', '01:30', 'Europe/Berlin').toISOString()).toBe('2030-03-31T00:30:00.000Z');
    expect(localTimeToInstant('2030-03-31', '03:30', 'Europe/Berlin').toISOString()).toBe('2030-03-31T01:30:00.000Z');
    expect(localTimeToInstant('2030-10-27', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-10-27T09:00:00.000Z');
  });

  it('keeps seconds of historical offsets (Kolkata was +05:21:10 in 1900)', () => {
    expect(localTimeToInstant('1900-06-01', '10:00', 'Asia/Kolkata').toISOString()).toBe('1900-06-01T04:38:50.000Z');
  });

  it('reads hours after noon and midnight on a 24-hour clock', () => {
    expect(localTimeToInstant('2030-06-01', '14:05', 'UTC').toISOString()).toBe('2030-06-01T14:05:00.000Z');
    expect(localTimeToInstant('2030-06-01', '00:00', 'Asia/Tokyo').toISOString()).toBe('2030-05-31T15:00:00.000Z');
    expect(localTimeToInstant('2030-12-31', '23:59', 'UTC').toISOString()).toBe('2030-12-31T23:59:00.000Z');
  });
});
