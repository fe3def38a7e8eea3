import type { NextFunction, Request, RequestHandler, Response } from 'express';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** True when any object in the (already depth-limited) body has a key that could poison prototypes. */
export function hasPrototypeKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    for (const key of Object.keys(current)) {
      if (FORBIDDEN_KEYS.has(key)) return true;
      stack.push((current as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/**
 * JSON.parse keeps "__proto__" as an own key, and class-transformer silently drops it, so the
 * whitelist never sees it: refuse it (and its relatives) outright.
 */
export const rejectPrototypeKeys: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (req.body !== undefined && hasPrototypeKey(req.body)) {
    res.status(400).json({ message: 'Unknown field: __proto__' });
    return;
  }
  next();
};
