import { startTransition, useEffect, useState } from 'react';

/** Items rendered at once; ten of the back office's cards are a task of a few tens of ms on a slow phone. */
export const REVEAL_STEP = 10;

/**
 * How many items of a long list to render now: `first` at once (REVEAL_STEP unless given), then `step`
 * more in each following task (as transitions), until all are shown. Fifty cards in one commit were one
 * of /admin's longest tasks on Lighthouse's simulated phone (total blocking time); a person reads the
 * first cards while the others are drawn.
 */
export function useRevealedCount(total: number, step = REVEAL_STEP, first = step): number {
  const [revealed, setRevealed] = useState(first);
  const more = revealed < total;
  useEffect(() => {
    if (!more) return;
    const timer = setTimeout(() => startTransition(() => setRevealed((count) => count + step)), 0);
    return () => clearTimeout(timer);
  }, [revealed, more, step]);
  return Math.min(revealed, total);
}
