/**
 * PostgreSQL could not be reached, or the connection was lost under a statement (api-contract.md
 * section 16): the server went away (class 08, admin shutdown 57P01..57P03), the socket broke, the
 * pool could not hand out a connection in time, or, just after a failover, a connection reached a
 * node that is a standby now (25006: read-only transaction). Such an error says nothing of whether a
 * COMMIT sent before it happened: only the idempotency key of a retry can tell.
 */
const SQLSTATE_LOSS = /^(08|57P0)|^25006$/;
const SOCKET_LOSS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const MESSAGE_LOSS =
  /Connection terminated|not queryable|Client was closed|timeout exceeded when trying to connect|Timeout acquiring a connection|Connection ended unexpectedly/;

export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SQLSTATE_LOSS.test(code) || SOCKET_LOSS.has(code))) return true;
  return typeof message === 'string' && MESSAGE_LOSS.test(message);
}
