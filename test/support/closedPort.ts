import { createServer } from 'node:net';

/** A loopback port that was free a moment ago and has nothing listening on it: connections are refused. */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
