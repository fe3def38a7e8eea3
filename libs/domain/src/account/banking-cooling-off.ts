/**
 * Withdrawals to banking details changed within the cooling-off wait for approval until it ends
 * (api-contract.md section 14: BANKING_COOLDOWN_HOURS, 48 by default). The first save of banking
 * details is no change (nothing was there to take over), so it starts none.
 */
export function bankingCoolingOffEnd(changedAt: Date | null, cooldownHours: number): Date | null {
  if (!changedAt || cooldownHours <= 0) return null;
  return new Date(changedAt.getTime() + cooldownHours * 3_600_000);
}

/** The cooling-off end if it is still ahead of `now`, else null. */
export function activeCoolingOffEnd(changedAt: Date | null, cooldownHours: number, now: Date): Date | null {
  const end = bankingCoolingOffEnd(changedAt, cooldownHours);
  return end && end.getTime() > now.getTime() ? end : null;
}
