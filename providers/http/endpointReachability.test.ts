import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort } from '../../test/support/closedPort.ts';
import { probeEndpoint, unreachableReason } from './endpointReachability.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** A listener that records what arrives on each connection it accepts. */
async function listening(): Promise<{ port: number; received: () => string }> {
  let received = '';
  server = createServer((socket) => socket.on('data', (data: Buffer) => (received += data.toString())));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, received: () => received };
}

describe('probeEndpoint', () => {
  it('finds a listening address reachable and sends it nothing', async () => {
    const { port, received } = await listening();
    expect(await probeEndpoint(`http://127.0.0.1:${port}/v1?key=secret-value`)).toEqual({ reachable: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received()).toBe('');
  });

  it('says why an address cannot be reached: refused, or no such host', async () => {
    expect(await probeEndpoint(`http://127.0.0.1:${await closedPort()}`)).toEqual({
      reachable: false,
      reason: 'connection refused',
    });
    expect(await probeEndpoint('https://no-such-host.invalid')).toEqual({
      reachable: false,
      reason: expect.stringMatching(/^(no such host|the host name could not be looked up)$/) as unknown,
    });
  });

  it('takes the default port of the scheme and reads IPv6 hosts', async () => {
    expect(await probeEndpoint('ftp://127.0.0.1')).toMatchObject({ reachable: false });
    expect(await probeEndpoint('not a url')).toMatchObject({ reachable: false });
    expect(await probeEndpoint(`http://[::1]:${await closedPort()}`)).toMatchObject({ reachable: false });
  });

  it('rejects when cancelled', async () => {
    const { port } = await listening();
    await expect(
      probeEndpoint(`http://127.0.0.1:${port}`, { signal: AbortSignal.abort() }),
    ).rejects.toThrow();
  });
});

describe('unreachableReason', () => {
  it('finds the network failure however deep it is wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(unreachableReason(refused)).toBe('connection refused');
    expect(unreachableReason(new TypeError('fetch failed', { cause: refused }))).toBe('connection refused');
    expect(unreachableReason(new AggregateError([refused]))).toBe('connection refused');
  });

  it('is undefined for a connection that was made and then failed', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(unreachableReason(reset)).toBeUndefined();
    expect(unreachableReason(new Error('HTTP 503'))).toBeUndefined();
    expect(unreachableReason(undefined)).toBeUndefined();
  });
});
