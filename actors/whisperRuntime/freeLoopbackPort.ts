import { createServer } from 'node:net';

const loopbackHost = '127.0.0.1';

/**
 * The first of `preferred` that we can bind on 127.0.0.1 ourselves, else a port the system picks.
 * whisper-server listens with SO_REUSEPORT, so it would share a busy port instead of failing:
 * the check has to happen here, before it is started.
 */
export async function freeLoopbackPort(preferred: readonly number[]): Promise<number> {
  for (const port of preferred) {
    const bound = await bindBriefly(port).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') return undefined;
      throw error;
    });
    if (bound !== undefined) return bound;
  }
  return bindBriefly(0);
}

function bindBriefly(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: loopbackHost, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}
