import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const NUL_REFUSED = 'Request contains a NUL character';

/** True when any string (or key) in the (already depth-limited) value contains U+0000. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

function decodedPathHasNul(path: string): boolean {
  try {
    return decodeURIComponent(path).includes('\u0000');
  } catch {
    return false; // malformed escapes are the router's to answer
  }
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in a path segment, query or body string would fail deep in
 * a query (500). Refused up front as bad input instead, for every route.
 */
export const rejectNulCharacters: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (decodedPathHasNul(req.path) || containsNul(req.query) || containsNul(req.body)) {
    res.status(400).json({ message: NUL_REFUSED });
    return;
  }
  next();
};
