import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '@savings/config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Cross-site protection (contract section 1): a state-changing request whose Origin is present must
 * come from the request's own host or a PUBLIC_ORIGIN entry, else 403. Requests without Origin
 * (curl, same-origin GET-like navigation) pass; SameSite=Lax cookies cover the rest.
 */
export function originCheck(config: AppConfig): RequestHandler {
  const allowed = new Set(config.publicOrigins.map((origin) => origin.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (!STATE_CHANGING.has(req.method) || origin === undefined) {
      next();
      return;
    }
    if (isAllowedOrigin(origin, req.headers.host, allowed)) {
      next();
      return;
    }
    res.status(403).json({ message: CROSS_SITE_REFUSED });
  };
}

export function isAllowedOrigin(origin: string, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // includes the opaque origin "null"
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (host !== undefined && parsed.host.toLowerCase() === host.toLowerCase()) return true;
  return allowed.has(parsed.origin.toLowerCase());
}
