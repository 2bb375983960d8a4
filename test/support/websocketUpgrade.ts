import { WebSocket } from 'ws';

/**
 * Tries a WebSocket upgrade and gives its outcome as a status: the HTTP status of a refusal, or 101
 * once the socket opened (it is closed at once).
 */
export function upgradeStatus(
  url: string,
  options: { headers?: Record<string, string>; protocols?: string[] } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, options.protocols ?? ['earshot'], { headers: options.headers ?? {} });
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('error', () => undefined);
  });
}
