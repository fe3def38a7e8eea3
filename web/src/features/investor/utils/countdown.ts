const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Milliseconds until the next interest credit. The target is an absolute instant from the API, so the
 * browser's time zone never matters; once it has passed, the next credit is a day later.
 */
export function msUntilNextCredit(nextInterestAt: string, now: number): number {
  const target = Date.parse(nextInterestAt);
  if (Number.isNaN(target)) return 0;
  if (now <= target) return target - now;
  const daysPassed = Math.floor((now - target) / DAY_MS) + 1;
  return target + daysPassed * DAY_MS - now;
}

/** hh:mm:ss, rounding up so a full second is shown until it has elapsed. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
