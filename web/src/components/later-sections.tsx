import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Sections below the first screenful, rendered once the top of the page is on screen, as a transition
 * (in slices): what a person reads first paints without waiting for the rendering of everything below
 * it (on a phone, most of a data screen).
 */
export function LaterSections({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : null;
}
