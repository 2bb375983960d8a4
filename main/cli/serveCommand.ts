import { startService } from '../service.ts';
import { UsageError } from './usage.ts';

export async function serveCommand(dataDirectory: string, portOption: string | undefined): Promise<void> {
  const port = portOption === undefined ? undefined : parsePort(portOption);
  const service = await startService({ dataDirectory, port });
  for (const id of service.recoveredSessionIds) {
    console.error(
      `Session ${id} was recording when Earshot stopped; it is now interrupted (resume or finalize it).`,
    );
  }
  console.log(`Earshot listening on ${service.baseUrl}`);
  // The terminal is the owner's, so the first login link goes there; `earshot open` makes more.
  console.log(`Open the app: ${service.mintLoginUrl()}`);

  const shutDown = (signal: NodeJS.Signals) => {
    console.error(`Received ${signal}; shutting down.`);
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutDown);
  process.once('SIGTERM', shutDown);
}

function parsePort(text: string): number {
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageError(`--port must be a number from 0 to 65535 (got "${text}").`);
  return port;
}
