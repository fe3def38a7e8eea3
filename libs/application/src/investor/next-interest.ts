import { addDays, localDateTime, wallClock } from '../jobs/job-dates';

/**
 * The instant of the next daily interest credit: the next HH:MM (config.dailyInterestTime) in the
 * platform time zone, as a Date, so every browser shows the right countdown whatever its own zone.
 */
export function nextInterestAt(now: Date, zone: string, time: string): Date {
  const today = localDateTime(now, zone).date;
  const candidate = zonedInstant(today, time, zone);
  return candidate.getTime() > now.getTime() ? candidate : zonedInstant(addDays(today, 1), time, zone);
}

/** The UTC instant of a local date and HH:MM in a zone (the later reading when a DST gap skips it). */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const readAsUtc = Date.parse(`${date}T${time}:00Z`);
  // two passes settle the offset even when the first guess lands across a DST change
  let instant = readAsUtc - offsetMs(new Date(readAsUtc), zone);
  instant = readAsUtc - offsetMs(new Date(instant), zone);
  return new Date(instant);
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(at: Date, zone: string): number {
  const clock = wallClock(at, zone);
  const asUtc = Date.UTC(
    Number(clock.year),
    Number(clock.month) - 1,
    Number(clock.day),
    Number(clock.hour),
    Number(clock.minute),
    Number(clock.second),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** balance * 0.07 / 12, rounded half-up to cents, in exact integer arithmetic. */
export function monthlyInterestCents(balanceCents: bigint): bigint {
  // Stryker disable next-line EqualityOperator: a zero balance gives (0 + 600) / 1200 = 0 either way
  if (balanceCents <= 0n) return 0n;
  return (balanceCents * 7n + 600n) / 1200n;
}
