import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { controlBasePath } from '../../api/control/controlBasePath.ts';
import { removeServiceFiles, writeServiceFiles } from '../../main/serviceFile.ts';

/**
 * A stand-in for the service running on `dataDirectory`, for CLI tests: `routes` under the control
 * base path, behind the launch secret, announced in service.json the way the CLI finds a service.
 * Returns what stops it and removes the announcement.
 */
export async function serveControlRoutes(dataDirectory: string, routes: Hono): Promise<() => Promise<void>> {
  const secret = 'launch-secret';
  const app = new Hono();
  app.use(async (context, next) => {
    if (context.req.header('authorization') !== `Bearer ${secret}`) return context.text('no', 401);
    await next();
  });
  app.route(controlBasePath, routes);
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  writeServiceFiles(
    dataDirectory,
    { pid: process.pid, port, baseUrl: `http://127.0.0.1:${port}`, startedAt: '' },
    secret,
  );
  return async () => {
    removeServiceFiles(dataDirectory);
    await new Promise((resolve) => server.close(resolve));
  };
}
