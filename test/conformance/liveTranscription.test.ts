/// <reference types="vite/client" />
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, ProviderDefinition } from '../../providers/contract.ts';
import { markedSentences, markedSpeech, markedText } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake, StreamingFakeFixture } from '../fakes/streaming/streamingFake.ts';
import { startService, type RunningService } from '../../main/service.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { playIntoSession, storedWords } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import {
  committedText,
  type FollowedStream,
  openDirectStream,
  openProxiedStream,
  sendInFrames,
} from './liveStreams.ts';

/**
 * One suite for every streaming provider's live client (P01–P08), run against that vendor's
 * protocol-faithful fake (test/fakes/<id>/streamingFixture.ts): P01 directly, as the live session
 * opens it; P02–P08 through the real proxy of a running service, credentials in its secrets file.
 */
const definitions = Object.values(
  import.meta.glob<{ definition: ProviderDefinition<unknown> }>('../../providers/*/definition.ts', {
    eager: true,
  }),
).map((module) => module.definition);
const fixtures = Object.values(
  import.meta.glob<{ streamingFixture: StreamingFakeFixture }>('../fakes/*/streamingFixture.ts', {
    eager: true,
  }),
).map((module) => module.streamingFixture);

const words = markedSentences(14);
const speech = markedSpeech(words);
const isError = (event: LiveEvent) => event.type === 'error';

it('has a streaming fake for every provider with a live client', () => {
  const live = definitions.filter((definition) => definition.live !== undefined);
  expect(fixtures.map((fixture) => fixture.providerId).sort()).toEqual(
    live.map((definition) => definition.metadata.id).sort(),
  );
});

describe.each(fixtures)('$providerId live', (fixture) => {
  const definition = definitions.find((candidate) => candidate.metadata.id === fixture.providerId);
  const proxied = definition?.metadata.transport === 'websocket-proxy';
  let fake: StreamingFake;
  let service: RunningService | undefined;
  let directory: ReturnType<typeof temporaryDirectory> | undefined;
  let opened: FollowedStream[] = [];

  beforeAll(async () => {
    fake = await fixture.start();
    directory = temporaryDirectory('live-conformance');
    service = await startService({
      dataDirectory: directory.path,
      port: 0,
      liveReconnectBackoffMs: 20,
      liveFinishTimeoutMs: 5000,
    });
  });
  afterEach(() => {
    for (const followed of opened) followed.stream.close();
    opened = [];
    fake.stall(false);
  });
  afterAll(async () => {
    await service?.close();
    directory?.remove();
    await fake.close();
  });

  function open(config: Record<string, unknown>, languageHints: readonly string[] = []) {
    if (definition === undefined) throw new Error(`no providers/${fixture.providerId}/definition.ts`);
    let followed: FollowedStream;
    if (proxied && service !== undefined && directory !== undefined) {
      writeProviderConfig(directory.path, definition.metadata.id, config);
      followed = openProxiedStream(service, definition, languageHints);
    } else followed = openDirectStream(definition, config, languageHints);
    opened.push(followed);
    return followed;
  }

  it('reports partials and finals of the words heard, and keeps the last words at the end', async () => {
    const { stream, events, next } = open(fixture.config(fake));
    await next((event) => event.type === 'ready');
    sendInFrames(stream, speech);
    await stream.finish(5000);
    expect(events.filter(isError)).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'finished' });
    expect(events.some((event) => event.type === 'partial' || event.type === 'tokens')).toBe(true);
    expect(committedText(events)).toBe(markedText(words));
    const audioMs = (speech.length / 32_000) * 1000;
    expect(fake.connections.at(-1)?.audioMs).toBeCloseTo(audioMs, -2);
    let previousEnd = 0;
    for (const event of events) {
      if (event.type !== 'final' || event.startMs === undefined || event.endMs === undefined) continue;
      expect(event.startMs).toBeGreaterThanOrEqual(previousEnd - 1);
      expect(event.endMs).toBeGreaterThanOrEqual(event.startMs);
      expect(event.endMs).toBeLessThanOrEqual(audioMs + 1);
      previousEnd = event.endMs;
    }
  });

  it('reports a refused credential as a permanent "unauthorized" error without the secret', async () => {
    const { events, next } = open(fixture.badCredentialConfig(fake));
    const error = await next(isError);
    expect(error).toMatchObject({ type: 'error', code: 'unauthorized', permanent: true });
    const everything = JSON.stringify(events);
    for (const secret of fixture.secrets(fake)) expect(everything).not.toContain(secret);
  });

  it.each([
    [503, false],
    [429, false],
    [402, true],
  ])('reports a vendor refusal standing for HTTP %i as permanent=%s', async (status, permanent) => {
    fake.rejectNext(status);
    const { stream, next } = open(fixture.config(fake));
    const ready = await next((event) => event.type === 'ready' || isError(event));
    if (ready.type === 'ready') sendInFrames(stream, speech.subarray(0, 6400));
    const error = await next(isError);
    expect(error).toMatchObject({ type: 'error', permanent });
  });

  it('reports a dropped connection as a retryable "connection_lost"', async () => {
    fake.dropNextAfter(1000);
    const { stream, next } = open(fixture.config(fake));
    await next((event) => event.type === 'ready');
    sendInFrames(stream, speech);
    expect(await next(isError)).toMatchObject({ code: 'connection_lost', permanent: false });
  });

  it('gives up waiting for a stalled vendor at the end of the stream', async () => {
    const { stream, events, next } = open(fixture.config(fake));
    await next((event) => event.type === 'ready');
    fake.stall(true);
    sendInFrames(stream, speech.subarray(0, 32_000));
    await stream.finish(300);
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'timeout', permanent: false });
  });

  it.runIf(fixture.sentLanguages !== undefined)('asks the vendor for the session language', async () => {
    const { stream, next } = open(fixture.config(fake), ['fr']);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    const connection = fake.connections.at(-1);
    if (connection === undefined) throw new Error('no connection reached the fake');
    expect(fixture.sentLanguages?.(connection)).toContain('fr');
  });

  it('keeps one whole session across a dropped connection: no word lost or repeated, times running on', async () => {
    if (service === undefined || directory === undefined) throw new Error('no service');
    writeProviderConfig(directory.path, fixture.providerId, fixture.config(fake));
    const longWords = markedSentences(30);
    const longSpeech = markedSpeech(longWords);
    fake.dropNextAfter(3000);
    const before = fake.connections.length;
    const session = service.live.start({ provider: fixture.providerId, audioFormat: 'pcm16' });
    await playIntoSession(session, longSpeech);
    const ended = await session.stop();
    expect(ended).toMatchObject({ state: 'completed', error: null });
    expect(fake.connections.length - before).toBeGreaterThanOrEqual(2);
    const segments = service.store.getSegments(session.id);
    expect(storedWords(service.store, session.id)).toBe(markedText(longWords));
    for (const [index, segment] of segments.entries()) {
      expect(segment.startMs).toBeGreaterThanOrEqual(segments[index - 1]?.endMs ?? 0);
    }
    expect(service.store.getSession(session.id)?.status).toBe('completed');
  });
});
