import { createServer, type Server } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { listenOnLoopback } from './portSearch.ts';

const servers: Server[] = [];

function newServer(): Server {
  const server = createServer();
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function occupiedPorts(count: number): Promise<number[]> {
  return Promise.all(Array.from({ length: count }, () => listenOnLoopback(newServer(), 0)));
}

it('takes the first free preferred port, in order', async () => {
  const [taken, free] = await occupiedPorts(2);
  await new Promise((resolve) => servers.pop()?.close(resolve));
  const port = await listenOnLoopback(newServer(), undefined, [taken ?? 0, free ?? 0]);
  expect(port).toBe(free);
});

it('falls back to any free port when every preferred port is taken', async () => {
  const taken = await occupiedPorts(3);
  const port = await listenOnLoopback(newServer(), undefined, taken);
  expect(taken).not.toContain(port);
  expect(port).toBeGreaterThan(0);
});

it('fails with EADDRINUSE when an explicitly requested port is taken', async () => {
  const [taken] = await occupiedPorts(1);
  await expect(listenOnLoopback(newServer(), taken)).rejects.toMatchObject({ code: 'EADDRINUSE' });
});

it('binds loopback only', async () => {
  const server = newServer();
  await listenOnLoopback(server, 0);
  expect(server.address()).toMatchObject({ address: '127.0.0.1' });
});
