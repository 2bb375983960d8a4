import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorStatusByCode, type ErrorCode } from './errorCodes.ts';
import { errorBody } from './responses.ts';

/**
 * Answers on a bare socket, where no Hono context exists (a refused WebSocket upgrade, a request
 * Node could not parse), with the same `{"error", "code"}` body and status as any route, then
 * closes the connection.
 */
export function endSocketWithError(socket: Duplex, code: ErrorCode, message: string): void {
  const status = errorStatusByCode[code];
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
