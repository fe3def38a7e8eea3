import { Children, type ReactNode } from 'react';
import { useRevealedCount } from './use-revealed-count';

/**
 * Sections below the first screenful, rendered once the top of the page is on screen, as transitions
 * (in slices): what a person reads first paints without waiting for the rendering of everything below
 * it (on a phone, most of a data screen). One section at a time, each in a task of its own: React
 * commits a transition's whole tree at once, and the back office's users, charts and history in one
 * commit were a task of a quarter of a second on Lighthouse's simulated phone (total blocking time).
 */
export function LaterSections({ children }: { children: ReactNode }) {
  const sections = Children.toArray(children);
  return sections.slice(0, useRevealedCount(sections.length, 1, 0));
}
