import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const preferredPorts = [23456, 23457, 23458, 23459, 23460] as const;
export const loopbackHost = '127.0.0.1';

/**
 * Listens on loopback: on `requestedPort` when given (0 = any free port), else on the first free
 * port of `preferred` (23456…23460), else on any free port. Resolves with the port actually bound.
 */
export async function listenOnLoopback(
  server: Server,
  requestedPort?: number,
  preferred: readonly number[] = preferredPorts,
): Promise<number> {
  const candidates = requestedPort === undefined ? [...preferred, 0] : [requestedPort];
  for (const [index, port] of candidates.entries()) {
    const isLast = index === candidates.length - 1;
    try {
      return await listenOnce(server, port);
    } catch (error) {
      if (isLast || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('unreachable: the last candidate either listens or throws');
}

function listenOnce(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ port, host: loopbackHost, exclusive: true });
  });
}
