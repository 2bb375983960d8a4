import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublishedEvent } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { followServiceEvents, type StreamStatus } from './serviceEventStream.ts';

/** A stand-in for the service's event route: each connection is handed to the test to answer. */
interface EventServer {
  url: string;
  connections: Array<{ request: IncomingMessage; response: ServerResponse }>;
  close: () => Promise<void>;
}

let server: Server | undefined;
let stop: (() => void) | undefined;

afterEach(async () => {
  stop?.();
  stop = undefined;
  await new Promise((resolve) => {
    server?.closeAllConnections();
    server?.close(resolve);
  });
  server = undefined;
});

async function eventServer(
  answer: (response: ServerResponse, connection: number) => void,
): Promise<EventServer> {
  const connections: EventServer['connections'] = [];
  server = createServer((request, response) => {
    connections.push({ request, response });
    answer(response, connections.length);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/control/v1/events`,
    connections,
    close: () => new Promise((resolve) => server?.close(() => resolve())),
  };
}

function openStream(response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  response.flushHeaders();
}

function published(id: string, text: string): PublishedEvent {
  return { type: 'transcript.partial', sessionId: 's1', text, id, at: '2026-11-26T21:00:00.000Z' };
}

/** One event as the service writes it. */
function frame(event: PublishedEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

function follow(url: string) {
  const events: PublishedEvent[] = [];
  const statuses: StreamStatus[] = [];
  const onReset = vi.fn();
  stop = followServiceEvents({
    url,
    headers: () => ({ 'X-Earshot-Page-Key': 'page-key' }),
    onEvent: (event) => events.push(event),
    onReset,
    onStatus: (status) => statuses.push(status),
    retryMs: 10,
  });
  return { events, statuses, onReset };
}

describe('followServiceEvents', () => {
  it('reads the events in order, however the stream is cut into chunks, with the page key sent', async () => {
    const first = published('a-1', 'Hello');
    const second = published('a-2', 'Hello there');
    const service = await eventServer((response) => {
      openStream(response);
      const text = `: connected\n\n${frame(first)}${frame(second)}`;
      // Cut inside a field and inside the JSON, as a network may deliver it.
      response.write(text.slice(0, 20));
      setImmediate(() => response.write(text.slice(20, 90)));
      setImmediate(() => setImmediate(() => response.write(text.slice(90))));
    });
    const { events, onReset } = follow(service.url);

    await vi.waitFor(() => expect(events).toEqual([first, second]));
    const request = service.connections[0]?.request;
    expect(request?.headers['x-earshot-page-key']).toBe('page-key');
    expect(request?.headers.accept).toBe('text/event-stream');
    expect(request?.headers['last-event-id']).toBeUndefined();
    // The first connection has nothing to resume from: what is shown is read afresh.
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('reconnects after the stream ends, resuming from the last event it was given', async () => {
    const service = await eventServer((response, connection) => {
      openStream(response);
      if (connection === 1) response.end(frame(published('a-1', 'one')) + frame(published('a-2', 'two')));
      else response.write(frame(published('a-3', 'three')));
    });
    const { events, onReset } = follow(service.url);

    await vi.waitFor(() => expect(events.map((event) => event.id)).toEqual(['a-1', 'a-2', 'a-3']));
    expect(service.connections[1]?.request.headers['last-event-id']).toBe('a-2');
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('reconnects after the service could not be reached or answered with an error', async () => {
    const service = await eventServer((response, connection) => {
      if (connection === 1) {
        response.writeHead(503).end();
        return;
      }
      openStream(response);
      response.write(frame(published('a-1', 'back')));
    });
    const { events, statuses } = follow(service.url);

    await vi.waitFor(() => expect(events.map((event) => event.id)).toEqual(['a-1']));
    expect(statuses).toEqual(['connecting', 'waiting', 'connecting', 'open']);
  });

  it("passes on only the feed's events (not comments or a dropped notice), and resumes after being dropped", async () => {
    const service = await eventServer((response, connection) => {
      openStream(response);
      if (connection === 1) {
        response.end(
          `retry: 20\n\n: keep-alive\n\n${frame(published('a-1', 'one'))}` +
            `event: dropped\ndata: {"type":"dropped","reason":"Too slow."}\n\n`,
        );
        return;
      }
      response.write(frame(published('a-2', 'two')));
    });
    const { events } = follow(service.url);

    await vi.waitFor(() => expect(events.map((event) => event.id)).toEqual(['a-1', 'a-2']));
    expect(service.connections[1]?.request.headers['last-event-id']).toBe('a-1');
  });

  it('tells its follower to read again when the service sends stream.reset, and goes on after it', async () => {
    const service = await eventServer((response, connection) => {
      openStream(response);
      if (connection === 1) {
        response.end(frame(published('old-7', 'before the restart')));
        return;
      }
      response.write(`id: new-0\nevent: stream.reset\ndata: {"lastEventId":"old-7"}\n\n`);
      response.write(frame(published('new-1', 'after')));
    });
    const { events, onReset } = follow(service.url);

    await vi.waitFor(() => expect(events.map((event) => event.id)).toEqual(['old-7', 'new-1']));
    expect(onReset).toHaveBeenCalledTimes(2);
    expect(service.connections[1]?.request.headers['last-event-id']).toBe('old-7');
  });

  it('stops for good when the service refuses it, as only signing in again helps', async () => {
    const service = await eventServer((response) => {
      response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"Sign in again."}');
    });
    const { statuses } = follow(service.url);

    // A retry would have gone through 'waiting' first.
    await vi.waitFor(() => expect(statuses).toEqual(['connecting', 'refused']));
    expect(service.connections).toHaveLength(1);
  });

  it('closes its connection when stopped', async () => {
    const service = await eventServer(openStream);
    const { statuses } = follow(service.url);
    await vi.waitFor(() => expect(statuses).toContain('open'));
    const closed = new Promise((resolve) => service.connections[0]?.request.on('close', resolve));

    stop?.();
    await closed;
    expect(statuses.at(-1)).toBe('open');
    expect(service.connections).toHaveLength(1);
  });
});
