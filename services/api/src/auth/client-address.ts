import type { Request } from 'express';

/**
 * The client address every per-address limit counts: Express's req.ip, which is the socket's address
 * unless TRUST_PROXY names the proxies in front (then the nearest X-Forwarded-For entry that is not one
 * of them). Never the X-Forwarded-For header as sent.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
