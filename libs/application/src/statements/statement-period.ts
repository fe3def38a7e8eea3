import { DomainError, localTimeToInstant } from '@savings/domain';
import { wallClock } from '../jobs/job-dates';

/**
 * Calendar months and years of a statement in the platform time zone (APP_TIMEZONE). A month runs
 * from its first instant (00:00 on the 1st, local) exclusive to the next month's first instant
 * inclusive: `ledger balance --as-of T` counts the events effective at or before T, so the balance
 * at a month's first instant is its opening, and an event effective exactly at that instant is
 * already in it (it belongs to the month before).
 */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

export function parseMonth(text: string): string {
  if (!MONTH.test(text)) throw new DomainError('STATEMENT.INVALID_MONTH', 'invalid', 'Month must be written YYYY-MM');
  return text;
}

export function parseYear(text: string): number {
  if (!YEAR.test(text) || Number(text) < 1970) {
    throw new DomainError('STATEMENT.INVALID_YEAR', 'invalid', 'Year must be written YYYY');
  }
  return Number(text);
}

// localTimeToInstant builds Intl formatters (about 0.5 ms a call); a statement asks for the same few
// months once per movement
const monthStarts = new Map<string, number>();

/** The first instant of a month (YYYY-MM) in a time zone. */
export function monthStart(month: string, timeZone: string): Date {
  const key = `${timeZone}|${month}`;
  let start = monthStarts.get(key);
  // Stryker disable next-line ConditionalExpression: computing the start again is a cache miss
  if (start === undefined) {
    start = localTimeToInstant(`${month}-01`, '00:00', timeZone).getTime();
    // Stryker disable next-line all: when the cache is emptied changes no start, only later misses
    if (monthStarts.size > 10_000) monthStarts.clear();
    monthStarts.set(key, start);
  }
  return new Date(start);
}

export function nextMonth(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
}

export function previousMonth(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, '0')}`;
}

/** Months from `first` to `last`, both included, in order. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) months.push(month);
  return months;
}

/** The local month an instant falls in (by wall clock, not by the statement rule). */
export function wallMonthOf(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  return `${clock.year}-${clock.month}`;
}

/**
 * The statement month of an effective instant: its wall-clock month, or the month before when it is
 * exactly that month's first instant (see above).
 */
export function statementMonthOf(instant: Date, timeZone: string): string {
  const month = wallMonthOf(instant, timeZone);
  return instant.getTime() === monthStart(month, timeZone).getTime() ? previousMonth(month) : month;
}

/** The local wall-clock time of an instant with its UTC offset: 2026-03-08T10:00:00-04:00. */
export function localIso(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  const wall = Date.UTC(
    Number(clock.year),
    Number(clock.month) - 1,
    Number(clock.day),
    Number(clock.hour),
    Number(clock.minute),
    Number(clock.second),
  );
  const offsetMinutes = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${clock.year}-${clock.month}-${clock.day}T${clock.hour}:${clock.minute}:${clock.second}${offset}`;
}
