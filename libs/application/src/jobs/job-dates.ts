/**
 * Calendar dates (YYYY-MM-DD) in the platform time zone. Accrual and payout dates are local dates of
 * APP_TIMEZONE, never UTC dates, so "today" and "has 10:00 passed" are read through Intl.
 */
// the round trip below refuses anything around a date; the pattern refuses what the round trip
// takes for years past 9999 ('+012345-01', which Date reads as January of year 12345)
// Stryker disable next-line Regex: without either anchor, the round trip still refuses the extra text
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

// Building an Intl.DateTimeFormat costs ~0.5 ms of CPU (several per dashboard request); formatting is
// cheap. One per zone (the platform has one), reused.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a time zone at an instant, as two-digit (four for the year) text parts. */
export function wallClock(
  now: Date,
  zone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  let format = formatters.get(zone);
  // Stryker disable next-line ConditionalExpression: a formatter built again formats the same (a cache miss)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  const parts = format.formatToParts(now);
  // Stryker disable next-line StringLiteral: Intl gives every part the formatter asks for; the fallback only types
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** The local date and HH:MM of an instant in a time zone. */
export function localDateTime(now: Date, zone: string): { date: string; time: string } {
  const clock = wallClock(now, zone);
  return { date: `${clock.year}-${clock.month}-${clock.day}`, time: `${clock.hour}:${clock.minute}` };
}

export function todayIn(zone: string, now: Date = new Date()): string {
  return localDateTime(now, zone).date;
}

export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, both included, in order. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * The latest date whose credit time has come: today once `time` (HH:MM local) has passed, else
 * yesterday. The scheduler fires at that time, so "passed" includes the minute itself.
 */
export function latestDueDate(now: Date, zone: string, time: string): string {
  const local = localDateTime(now, zone);
  return local.time >= time ? local.date : addDays(local.date, -1);
}

/**
 * The latest payout date whose time has come: the 1st of this month once its `time` has passed, else
 * the 1st of the month before (the monthly schedule fires on the 1st at that time).
 */
export function latestPayoutDate(now: Date, zone: string, time: string): string {
  const local = localDateTime(now, zone);
  const firstOfMonth = `${local.date.slice(0, 8)}01`;
  if (local.date > firstOfMonth || local.time >= time) return firstOfMonth;
  return `${addDays(firstOfMonth, -1).slice(0, 8)}01`;
}

/** Cron pattern (minute hour day-of-month month day-of-week) of a local HH:MM, daily or on the 1st. */
export function cronAt(time: string, dayOfMonth: '*' | '1'): string {
  const [hour, minute] = time.split(':').map(Number);
  return `${minute} ${hour} ${dayOfMonth} * *`;
}
