import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PublishedEvent, ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { EventFollowers } from '../../api/events/eventFollowers.ts';
import { eventStreamRoute } from '../../api/events/eventStreamRoute.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { serveControlRoutes } from '../../test/support/controlRoutesService.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { removeServiceFiles } from '../serviceFile.ts';
import { eventsCommand } from './eventsCommand.ts';
import { UsageError } from './usage.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let feed: ServiceEventFeed;
let followers: EventFollowers;
let stopService: (() => Promise<void>) | undefined;
let stdout: string[];
let stderr: string[];

beforeEach(() => {
  directory = temporaryDirectory('events-command');
  dataDirectory = join(directory.path, 'data');
  mkdirSync(dataDirectory);
  const store = SessionStore.open(dataDirectory);
  store.createSession({ id: 'standup', title: 'Standup', providerId: 'deepgram' });
  store.close();
  feed = new ServiceEventFeed();
  followers = new EventFollowers(feed);
  stdout = [];
  stderr = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => stdout.push(String(text)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => stderr.push(String(text)) > 0);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await stopService?.();
  stopService = undefined;
  directory.remove();
});

/** The service's event stream, as the owner's control route serves it. */
async function serveEvents(route = eventStreamRoute(followers)): Promise<void> {
  stopService = await serveControlRoutes(dataDirectory, new Hono().get('/events', route));
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(5);
}

const standupEvents = () => [
  feed.publish({ type: 'session.started', sessionId: 'standup', title: 'Standup', providerId: 'deepgram' }),
  feed.publish({ type: 'transcript.partial', sessionId: 'standup', text: "Let's sta" }),
  feed.publish({ type: 'transcript.partial', sessionId: 'other', text: 'Not this one' }),
  feed.publish({
    type: 'transcript.final',
    sessionId: 'standup',
    segment: {
      seq: 0,
      text: "Let's start.",
      startMs: 65_000,
      endMs: 66_000,
      speaker: 'Speaker 1',
      language: 'en',
    },
  }),
  feed.publish({ type: 'session.stopped', sessionId: 'standup', status: 'completed' }),
  feed.publish({ type: 'ai.updated', sessionId: 'standup', artefacts: ['summary', 'mindMap'] }),
];

describe('earshot events', () => {
  it("prints one session's events as lines as they happen, the tentative tail on stderr, until stopped", async () => {
    await serveEvents();
    const stop = new AbortController();
    const following = eventsCommand(dataDirectory, 'standup', {}, stop.signal);
    await until(() => followers.count === 1);
    standupEvents();
    await until(() => stdout.length === 4);
    stop.abort();
    await following;

    expect(stdout.map((line) => line.replace(/^\d\d:\d\d:\d\d {2}/, ''))).toEqual([
      'session.started    standup  "Standup" on deepgram\n',
      "transcript.final   standup  [1:05] Speaker 1: Let's start.\n",
      'session.stopped    standup  completed\n',
      'ai.updated         standup  summary, mindMap\n',
    ]);
    expect(stderr.join('')).toBe("~ Let's sta\n");
    await until(() => followers.count === 0);
  });

  it('prints the JSON of the types asked for, and resumes a dropped stream without a loss or a repeat', async () => {
    let connections = 0;
    const stream = eventStreamRoute(followers);
    // The first connection ends after its first event, as a dropped network would end it.
    await serveEvents((context) => {
      connections += 1;
      const response = stream(context);
      if (connections > 1 || response.body === null) return response;
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const firstEvent = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value } = await reader.read();
          if (value !== undefined) controller.enqueue(value);
          controller.close();
          await reader.cancel();
        },
      });
      return new Response(firstEvent, { headers: response.headers });
    });
    const stop = new AbortController();
    const following = eventsCommand(
      dataDirectory,
      undefined,
      { only: 'transcript.final,transcript.partial', json: true },
      stop.signal,
    );
    await until(() => followers.count === 1);
    // The stream sends a turn's events in one write: the first connection gets one turn, the
    // second the rest, including what was told while it reconnected.
    const published = [feed.publish({ type: 'transcript.partial', sessionId: 'standup', text: 'Let' })];
    await until(() => stdout.length === 1);
    published.push(...standupEvents());
    await until(() => stdout.length === 4);
    stop.abort();
    await following;

    const printed = stdout.map((line) => JSON.parse(line) as PublishedEvent);
    expect(printed).toEqual(published.filter((event) => event.type.startsWith('transcript.')));
    expect(connections).toBe(2);
    expect(stderr).toEqual([]);
  });

  it('ends with the reason when the service stops', async () => {
    // A stream that ends at once: the command asks again, finding the service gone.
    await serveEvents(() => new Response('', { headers: { 'content-type': 'text/event-stream' } }));
    const following = eventsCommand(dataDirectory, undefined, {});
    removeServiceFiles(dataDirectory);
    await expect(following).rejects.toThrow(/The Earshot service stopped\. Run earshot events again/);
  });

  it('refuses an unknown type or session, and a data directory without a service, saying what to do', async () => {
    await expect(
      eventsCommand(dataDirectory, undefined, { only: 'transcript.final,summary' }),
    ).rejects.toThrow(
      new UsageError(
        'There is no event type "summary". --only takes a comma list of: session.started, session.updated, transcript.partial, ' +
          'transcript.final, translation.final, session.stopped, ai.updated.',
      ),
    );
    await expect(eventsCommand(dataDirectory, undefined, {})).rejects.toThrow(/Start it with: earshot serve/);
    await serveEvents();
    await expect(eventsCommand(dataDirectory, 'nope', {})).rejects.toThrow(
      'There is no session "nope". Find its id with: earshot sessions list',
    );
  });
});
