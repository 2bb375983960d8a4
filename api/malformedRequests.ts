import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { endSocketWithError } from './socketErrorResponse.ts';

/**
 * Requests Node rejects before any route sees them (a request line or headers it cannot parse,
 * headers past its size limit) get our error body instead of Node's empty 400/431, so a client
 * learns what to change. A connection that is already gone is only closed.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      endSocketWithError(
        socket,
        'headers_too_large',
        'The request headers are larger than this server accepts (16 KiB); send fewer or shorter headers.',
      );
      return;
    }
    endSocketWithError(
      socket,
      'bad_request',
      'The request is not valid HTTP/1.1, so it was not read. Check the request line and headers.',
    );
  });
}
