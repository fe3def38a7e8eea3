/**
 * The instant of the next daily interest credit: the next HH:MM (config.dailyInterestTime) in the
 * platform time zone, as a Date, so every browser shows the right countdown whatever its own zone.
 */
export function nextInterestAt(now: Date, zone: string, time: string): Date {
  const today = localDate(now, zone);
  const candidate = zonedInstant(today, time, zone);
  return candidate.getTime() > now.getTime() ? candidate : zonedInstant(addDays(today, 1), time, zone);
}

/** The UTC instant of a local date and HH:MM in a zone (the later reading when a DST gap skips it). */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const wallClock = Date.parse(`${date}T${time}:00Z`);
  // two passes settle the offset even when the first guess lands across a DST change
  let instant = wallClock - offsetMs(new Date(wallClock), zone);
  instant = wallClock - offsetMs(new Date(instant), zone);
  return new Date(instant);
}

// Building an Intl.DateTimeFormat costs ~0.5 ms of CPU, five per dashboard request; formatting is
// cheap. One pair per zone (the platform has one), reused.
const formatters = new Map<string, { dateTime: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

function formattersFor(zone: string): { dateTime: Intl.DateTimeFormat; date: Intl.DateTimeFormat } {
  let pair = formatters.get(zone);
  if (!pair) {
    pair = {
      dateTime: new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
      date: new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    };
    formatters.set(zone, pair);
  }
  return pair;
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(at: Date, zone: string): number {
  const parts = formattersFor(zone).dateTime.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

function localDate(now: Date, zone: string): string {
  return formattersFor(zone).date.format(now);
}

function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

/** balance * 0.07 / 12, rounded half-up to cents, in exact integer arithmetic. */
export function monthlyInterestCents(balanceCents: bigint): bigint {
  if (balanceCents <= 0n) return 0n;
  return (balanceCents * 7n + 600n) / 1200n;
}
