import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** A request's headers must arrive within 10 s, and the whole request (its body) within 30 s (contract section 8). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node looks for requests past those limits (its default, 30 s, would let one run to 60 s). */
const CHECK_INTERVAL_MS = 1_000;

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'The request body is too large.'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'The request is not valid HTTP.'];

/**
 * A client that dribbles its headers or body holds a connection and its memory: Node's own timers
 * (headersTimeout, requestTimeout) cut it with 408. Errors Node answers before any route (timeouts,
 * malformed HTTP) get a `{message}` body like every other error.
 */
export function applyRequestTimeouts(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  // read by Node when the server starts listening
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = CHECK_INTERVAL_MS;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // a response already started on this connection cannot be replaced by another
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}
