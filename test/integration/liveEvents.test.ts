import { request as httpRequest, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventSource, type FetchLike } from 'eventsource';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import {
  type PublishedEvent,
  type ServiceEvent,
  serviceEventTypes,
} from '../../actors/serviceEvents/serviceEventFeed.ts';
import { markedSentences, markedSpeech } from '../fakes/streaming/markedSpeech.ts';
import { startService } from '../../main/service.ts';
import { type DeepgramService, startDeepgramService } from '../support/deepgramService.ts';
import { playIntoSession } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { upgradeStatus } from '../support/websocketUpgrade.ts';

/**
 * The service's events as API clients follow them: a real EventSource client over `GET
 * /api/v1/events` and `ws` over `/api/v1/live`, against a running service with a live session on
 * Deepgram's fake.
 */
let running: DeepgramService;
let token: string;

beforeAll(async () => {
  running = await startDeepgramService('live-events', { liveFinishTimeoutMs: 1000 });
  const enabled = await fetch(`${running.service.baseUrl}/control/v1/api/enable`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${running.service.launchSecret}` },
  });
  token = ((await enabled.json()) as { token: string }).token;
});
afterAll(() => running.close());

const url = (path: string) => `${running.service.baseUrl}${path}`;
const wsUrl = (path: string) => `ws://127.0.0.1:${running.service.port}${path}`;

async function liveClients(): Promise<number> {
  return ((await (await fetch(url('/api/v1/health'))).json()) as { liveClients: number }).liveClients;
}

/** A client of `/api/v1/live`, keeping what it receives. */
function openSocket(
  path: string,
  options: { protocols?: string[]; headers?: Record<string, string> } = {},
): Promise<{ socket: WebSocket; received: Array<PublishedEvent | { type: string }> }> {
  const socket = new WebSocket(wsUrl(path), options.protocols ?? [], { headers: options.headers });
  const received: Array<PublishedEvent | { type: string }> = [];
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as PublishedEvent));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, received }));
    socket.once('error', reject);
  });
}

/** The HTTP status an upgrade to `/api/v1/live` is answered with, 101 when it opened. */
const liveUpgradeStatus = (
  path: string,
  options: { protocols?: string[]; headers?: Record<string, string> } = {},
) => upgradeStatus(wsUrl(path), { protocols: ['earshot-events'], ...options });

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await sleep(10);
}

const bearer = () => ({ Authorization: `Bearer ${token}` });

it('an EventSource follows a live session from start to stop, across a dropped connection, with every stored final once and in order', async () => {
  const requests: Array<string | undefined> = [];
  const events: PublishedEvent[] = [];
  let lastIdBeforeReconnect: string | undefined;
  const finalsByConnection = new Set<number>();
  let cutFirstConnection: (() => void) | undefined;
  // Adds the token, and ends the first connection's body on request, as a network drop would.
  const fetchWithToken: FetchLike = async (address, init) => {
    const response = await fetch(address, { ...init, headers: { ...init.headers, ...bearer() } });
    requests.push(init.headers['Last-Event-ID']);
    if (requests.length === 2) lastIdBeforeReconnect = events.at(-1)?.id;
    if (requests.length > 1 || response.body === null) return response;
    const reader = response.body.getReader();
    let cut = false;
    cutFirstConnection = () => {
      cut = true;
      void reader.cancel();
    };
    return {
      url: response.url,
      status: response.status,
      redirected: response.redirected,
      headers: response.headers,
      body: {
        getReader: () => ({
          read: () => (cut ? Promise.resolve({ done: true as const }) : reader.read()),
          cancel: () => reader.cancel(),
        }),
      },
    };
  };
  const source = new EventSource(url('/api/v1/events'), { fetch: fetchWithToken });
  const stopped = new Promise<void>((resolve) => {
    for (const type of serviceEventTypes) {
      source.addEventListener(type, (message) => {
        const event = JSON.parse(message.data as string) as PublishedEvent;
        expect(message.lastEventId).toBe(event.id);
        events.push(event);
        if (type === 'transcript.final') finalsByConnection.add(requests.length);
        if (type === 'transcript.final' && events.filter((each) => each.type === type).length === 1) {
          cutFirstConnection?.();
        }
        if (type === 'session.stopped') resolve();
      });
    }
  });
  await new Promise((resolve) => source.addEventListener('open', resolve, { once: true }));

  const session = running.service.live.start({ provider: 'P06', title: 'Followed' });
  // 28 s of speech at 4 times real time: the EventSource's reconnect, 3 s after the cut, falls in
  // the middle, so some finals come again from the buffer and the rest live.
  await playIntoSession(session, markedSpeech(markedSentences(60)), 4);
  await session.stop();
  await stopped;
  source.close();

  // The second connection resumed from the last event the first one delivered.
  expect(requests).toHaveLength(2);
  expect(requests[1]).toBe(lastIdBeforeReconnect);
  expect(finalsByConnection).toStrictEqual(new Set([1, 2]));
  const mine = events.filter((event) => event.sessionId === session.id);
  expect(mine[0]).toMatchObject({ type: 'session.started', title: 'Followed', providerId: 'deepgram' });
  expect(mine.at(-1)).toMatchObject({ type: 'session.stopped', status: 'completed' });
  const finals = mine.flatMap((event) => (event.type === 'transcript.final' ? [event.segment] : []));
  const stored = running.service.store.getSegments(session.id);
  expect(stored.length).toBeGreaterThan(1);
  expect(finals).toStrictEqual(
    stored.map(({ seq, text, startMs, endMs, speaker, language }) => ({
      seq,
      text,
      startMs,
      endMs,
      speaker: speaker || null,
      language: language || null,
    })),
  );
});

it('resumes after Last-Event-ID with exactly the missed events, and tells a client with an unknown id to read again', async () => {
  const { events } = running.service;
  const partial = (text: string): ServiceEvent => ({
    type: 'transcript.partial',
    sessionId: 'resumed',
    text,
  });
  const seen = events.publish(partial('seen'));
  const missed = [events.publish(partial('missed 1')), events.publish(partial('missed 2'))];
  const received = (lastEventId: string, count: number) =>
    new Promise<Array<{ type: string; id: string }>>((resolve) => {
      const got: Array<{ type: string; id: string }> = [];
      const source = new EventSource(url('/api/v1/events?sessionId=resumed'), {
        fetch: (address, init) =>
          fetch(address, {
            ...init,
            headers: { ...init.headers, ...bearer(), 'Last-Event-ID': lastEventId },
          }),
      });
      for (const type of ['transcript.partial', 'stream.reset']) {
        source.addEventListener(type, (message) => {
          got.push({ type, id: message.lastEventId });
          if (got.length === count) {
            source.close();
            resolve(got);
          }
        });
      }
    });

  expect(await received(seen.id, 2)).toStrictEqual(
    missed.map(({ id }) => ({ type: 'transcript.partial', id })),
  );
  const newest = events.lastEventId;
  expect(await received('earlier-launch-7', 1)).toStrictEqual([{ type: 'stream.reset', id: newest }]);
});

it('serves /api/v1/live with the token in the Authorization header or as a subprotocol, resuming from the query or a first message', async () => {
  const { events } = running.service;
  const publish = (text: string) => events.publish({ type: 'transcript.partial', sessionId: 'socket', text });
  const before = publish('before');
  const missed = publish('missed');

  const byHeader = await openSocket(`/api/v1/live?sessionId=socket&lastEventId=${before.id}`, {
    headers: bearer(),
  });
  const byProtocol = await openSocket('/api/v1/live?sessionId=socket', {
    protocols: ['earshot-events', `earshot-token.${token}`],
  });
  expect(byProtocol.socket.protocol).toBe('earshot-events');
  // Sent to both live, before the second one names where it resumes from.
  const afterConnecting = publish('after connecting');
  await until(() => byProtocol.received.length === 1);
  byProtocol.socket.send(JSON.stringify({ type: 'resume', lastEventId: before.id }));
  await until(() => byProtocol.received.length === 2);
  expect(await liveClients()).toBe(2);
  const live = publish('live');
  await until(() => byHeader.received.length === 3 && byProtocol.received.length === 3);

  expect(byHeader.received).toStrictEqual([missed, afterConnecting, live]);
  expect(byProtocol.received).toStrictEqual([afterConnecting, missed, live]);
  byHeader.socket.close();
  byProtocol.socket.close();
  await until(async () => (await liveClients()) === 0);
});

it('refuses clients without the token, with the API off, with a token in the URL or from another origin', async () => {
  expect((await fetch(url('/api/v1/events'))).status).toBe(401);
  expect(await liveUpgradeStatus('/api/v1/live')).toBe(401);
  expect(
    await liveUpgradeStatus('/api/v1/live', { protocols: ['earshot-events', 'earshot-token.wrong'] }),
  ).toBe(401);
  expect(await liveUpgradeStatus(`/api/v1/live?token=${token}`, { headers: bearer() })).toBe(400);
  expect(await liveUpgradeStatus('/api/v1/live?types=session.paused', { headers: bearer() })).toBe(400);
  const foreign = { ...bearer(), Origin: 'http://evil.example' };
  expect((await fetch(url('/api/v1/events'), { headers: foreign })).status).toBe(403);
  expect(await liveUpgradeStatus('/api/v1/live', { headers: foreign })).toBe(403);
  // The launch secret opens the owner's stream, not the API's.
  const owner = { Authorization: `Bearer ${running.service.launchSecret}` };
  expect(await liveUpgradeStatus('/api/v1/live', { headers: owner })).toBe(401);
  const ownerStream = await fetch(url('/control/v1/events'), { headers: owner });
  expect(ownerStream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  await ownerStream.body?.cancel();

  const control = (path: string) => fetch(url(`/control/v1${path}`), { method: 'POST', headers: owner });
  await control('/api/disable');
  try {
    expect((await fetch(url('/api/v1/events'), { headers: bearer() })).status).toBe(403);
    expect(await liveUpgradeStatus('/api/v1/live', { headers: bearer() })).toBe(403);
  } finally {
    await control('/api/enable');
  }
});

/** An event stream whose client stops reading once the answer's headers have come. */
function stalledStream(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url('/api/v1/events'), { headers: bearer() }, (response) => {
      response.pause();
      resolve(response);
    });
    request.on('error', reject);
    request.end();
  });
}

it('drops a client that stops reading, with the reason, while the others go on receiving every event', async () => {
  const { events } = running.service;
  const reading = await openSocket('/api/v1/live?sessionId=flood', { headers: bearer() });
  const stalledSocket = await openSocket('/api/v1/live?sessionId=flood', { headers: bearer() });
  const closed = new Promise<[number, string]>((resolve) =>
    stalledSocket.socket.once('close', (code, reason) => resolve([code, reason.toString()])),
  );
  // The client reads nothing more from the connection.
  (stalledSocket.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
  const stalledSse = await stalledStream();
  expect(await liveClients()).toBe(3);

  // Far more than the socket buffers of the system hold, in batches a reading client keeps up with.
  const line = 'x'.repeat(4096);
  const published: string[] = [];
  for (let batch = 0; batch < 100 && (await liveClients()) > 1; batch += 1) {
    for (let index = 0; index < 50; index += 1) {
      published.push(events.publish({ type: 'transcript.partial', sessionId: 'flood', text: line }).id);
    }
    await sleep(5);
  }
  expect(await liveClients()).toBe(1);
  await until(() => reading.received.length === published.length);
  expect(reading.received.map((event) => (event as PublishedEvent).id)).toStrictEqual(published);

  (stalledSocket.socket as unknown as { _socket: { resume(): void } })._socket.resume();
  const [code, reason] = await closed;
  expect(code).toBe(4008);
  expect(reason).toContain('Reconnect with lastEventId');
  stalledSse.resume();
  let text = '';
  stalledSse.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await new Promise((resolve) => stalledSse.once('end', resolve));
  expect(text.endsWith('\n\n')).toBe(true);
  const lastEvent = text.slice(0, -2).split('\n\n').at(-1);
  expect(lastEvent).toMatch(
    /^event: dropped\ndata: \{"type":"dropped","reason":"This client left more than 1 MiB/,
  );
  reading.socket.close();
});

it('ends the clients still following when the service stops', async () => {
  const directory = temporaryDirectory('live-events-stop');
  const service = await startService({ dataDirectory: directory.path, port: 0 });
  try {
    const owner = { Authorization: `Bearer ${service.launchSecret}` };
    const enabled = await fetch(`${service.baseUrl}/control/v1/api/enable`, {
      method: 'POST',
      headers: owner,
    });
    const { token: serviceToken } = (await enabled.json()) as { token: string };
    const socket = new WebSocket(`ws://127.0.0.1:${service.port}/api/v1/live`, {
      headers: { Authorization: `Bearer ${serviceToken}` },
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const stream = await fetch(`${service.baseUrl}/control/v1/events`, { headers: owner });
    const closed = new Promise((resolve) => socket.once('close', resolve));

    await service.close();
    await closed;
    await expect(stream.body?.getReader().read()).rejects.toThrow();
  } finally {
    directory.remove();
  }
});
