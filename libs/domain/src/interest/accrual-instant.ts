/**
 * The instant of a local wall-clock time on a date in an IANA time zone ("2026-03-29", "10:00",
 * "Europe/Berlin" -> 08:00Z). Interest for a date is credited at its 10:00 in APP_TIMEZONE and the
 * event carries that instant as its effective time. Uses only Intl, so it stays framework-free.
 */
export function localTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - offsetMs(wall, timeZone);
  // a DST change between the guess and the answer: the offset at the guess is the one that holds
  return new Date(wall - offsetMs(guess, timeZone));
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const parts = partsOf(instant.getTime(), timeZone);
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function partsOf(utcMs: number, timeZone: string) {
  const formatted = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(formatted.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

function offsetMs(utcMs: number, timeZone: string): number {
  const p = partsOf(utcMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}
