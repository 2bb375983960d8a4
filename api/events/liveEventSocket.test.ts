import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

import { ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { EventFollowers } from './eventFollowers.ts';
import { LiveEventSocket } from './liveEventSocket.ts';

const pingIntervalMs = 50;
const feed = new ServiceEventFeed();
const endpoint = new LiveEventSocket(
  new EventFollowers(feed),
  { isEnabled: () => true, verifyToken: () => true },
  { pingIntervalMs },
);
let server: WebSocketServer | undefined;

afterEach(async () => {
  endpoint.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** A server that hands every connection to the endpoint, as the service's upgrade router does. */
async function listen(): Promise<number> {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket, request) => {
    endpoint.connected(socket, request, new URL(request.url ?? '/', 'http://127.0.0.1'));
  });
  await new Promise((resolve) => server?.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

function connect(port: number, autoPong: boolean): Promise<{ socket: WebSocket; received: string[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/live`, { autoPong });
  const received: string[] = [];
  socket.on('message', (data: Buffer) => received.push(data.toString()));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, received }));
    socket.once('error', reject);
  });
}

it('cuts off a client that stops answering pings, and keeps one that answers', async () => {
  const port = await listen();
  const answering = await connect(port, true);
  const silent = await connect(port, false);
  const silentClosed = new Promise<number>((resolve) => silent.socket.once('close', resolve));

  // Terminated, not closed politely: the peer is presumed gone, so no close frame is waited for.
  expect(await silentClosed).toBe(1006);
  await sleep(pingIntervalMs * 4);
  expect(answering.socket.readyState).toBe(WebSocket.OPEN);
  feed.publish({ type: 'transcript.partial', sessionId: 's1', text: 'still here' });
  while (answering.received.length === 0) await sleep(5);
  expect(JSON.parse(answering.received[0] ?? '')).toMatchObject({
    type: 'transcript.partial',
    text: 'still here',
  });
  answering.socket.close();
});
