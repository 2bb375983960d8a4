import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { LiveSessionUpdate } from '../../actors/live/liveSession.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { deepgramFakeApiKey } from '../fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../fakes/deepgram/streamingServer.ts';
import {
  markedSentences,
  markedSpeech,
  markedText,
  slotMs,
  vocabularyWord,
} from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { playIntoSession, storedWords } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { unconfiguredRuntimeMessage } from '../support/unconfiguredRuntime.ts';

/**
 * Whole live sessions in a running service: capture frames → live session → the real proxy →
 * Deepgram's fake → assembler → store, including a dropped upstream and a refused key.
 */
const words = markedSentences(30);
const speech = markedSpeech(words);

let fake: StreamingFake;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeAll(async () => {
  fake = await startDeepgramStreamingFake();
});
afterAll(() => fake.close());
beforeEach(async () => {
  directory = temporaryDirectory('live-session');
  writeProviderConfig(directory.path, 'deepgram', { apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl });
  service = await startService({
    dataDirectory: directory.path,
    port: 0,
    liveReconnectBackoffMs: 20,
    liveFinishTimeoutMs: 1000,
  });
});
afterEach(async () => {
  fake.stall(false);
  await service.close();
  directory.remove();
});

/** The stored words of the session, each as [text, startMs, endMs]. */
function timedWords(sessionId: string): Array<[string, number, number]> {
  return service.store
    .getSegments(sessionId)
    .flatMap((segment) => segment.words ?? [])
    .map((word) => [word.text, word.startMs, word.endMs]);
}

/** Each marked word with the slot it fills in the session's audio. */
function slotsOf(marked: ReadonlyArray<number | null>): Array<[string, number, number]> {
  return marked.flatMap((word, slot): Array<[string, number, number]> =>
    word === null ? [] : [[vocabularyWord(word), slot * slotMs, (slot + 1) * slotMs]],
  );
}

it('stores every committed utterance as it arrives and completes on stop with the last words', async () => {
  const session = service.live.start({ provider: 'P06', title: 'Stand-up' });
  const updates: LiveSessionUpdate[] = [];
  session.subscribe((update) => updates.push(update));
  await playIntoSession(session, speech);
  const ended = await session.stop();

  expect(ended).toMatchObject({ state: 'completed', error: null });
  expect(storedWords(service.store, session.id)).toBe(markedText(words));
  expect(updates.some((update) => update.tentative !== '')).toBe(true);
  const stored = service.store.getSession(session.id);
  expect(stored).toMatchObject({ status: 'completed', title: 'Stand-up', providerId: 'deepgram' });
  expect(stored?.durationMs).toBe(words.length * slotMs);
  const segments = service.store.getSegments(session.id);
  expect(segments[0]?.startMs).toBe(0);
  for (const [index, segment] of segments.entries()) {
    expect(segment.startMs % slotMs).toBe(0);
    expect(segment.endMs).toBeGreaterThan(segment.startMs);
    expect(segment.startMs).toBeGreaterThanOrEqual(segments[index - 1]?.endMs ?? 0);
  }
  expect(timedWords(session.id)).toEqual(slotsOf(words));
  expect(segments[0]?.words?.[0]).toMatchObject({ confidence: 0.97 });
});

it('reconnects a dropped upstream, replays the uncommitted audio and keeps one continuous session', async () => {
  fake.dropNextAfter(3000);
  const before = fake.connections.length;
  const session = service.live.start({ provider: 'deepgram' });
  const states: string[] = [];
  const attempts = new Set<number | undefined>();
  session.subscribe((update) => {
    if (states.at(-1) !== update.state) states.push(update.state);
    attempts.add(update.reconnectAttempt);
  });
  await playIntoSession(session, speech);
  const ended = await session.stop();

  expect(ended.state).toBe('completed');
  expect(states).toContain('reconnecting');
  // The updates while the stream is reopened say which reconnect it is; the others say none.
  expect(attempts).toEqual(new Set([undefined, 1]));
  expect(fake.connections.length - before).toBe(2);
  // No word lost or repeated across the drop, and times run on in the session's audio.
  expect(storedWords(service.store, session.id)).toBe(markedText(words));
  const segments = service.store.getSegments(session.id);
  for (const [index, segment] of segments.entries()) {
    expect(segment.startMs).toBeGreaterThanOrEqual(segments[index - 1]?.endMs ?? 0);
  }
  expect(segments.at(-1)?.endMs).toBeGreaterThan(3000);
  // Every word keeps its own slot of the session's audio: the new stream's times are moved by where
  // its replayed audio starts.
  expect(timedWords(session.id)).toEqual(slotsOf(words));
  expect(service.store.getSession(session.id)?.status).toBe('completed');
});

it('ends the session interrupted, with the reason, when the provider refuses the key', async () => {
  writeProviderConfig(directory.path, 'deepgram', { apiKey: 'dg-wrong-key-000000', endpoint: fake.baseUrl });
  const session = service.live.start({ provider: 'deepgram' });
  await playIntoSession(session, speech.subarray(0, 32_000));
  const ended = await session.ended;

  expect(ended.state).toBe('interrupted');
  expect(ended.error).toMatch(/HTTP 401/);
  expect(ended.error).not.toContain('dg-wrong-key-000000');
  expect(service.store.getSession(session.id)?.status).toBe('interrupted');
});

it('keeps the tentative tail when the provider never confirms the end of the stream', async () => {
  const session = service.live.start({ provider: 'deepgram' });
  const firstSentence = markedSpeech(words.slice(0, 5));
  await new Promise<void>((resolve) => {
    session.subscribe((update) => {
      if (update.tentative !== '') resolve();
    });
    void playIntoSession(session, firstSentence);
  });
  fake.stall(true);
  const ended = await session.stop();

  expect(ended.state).toBe('completed');
  expect(storedWords(service.store, session.id)).not.toBe('');
});

it('refuses to start without the provider configuration, saying how to set it', () => {
  expect(() => service.live.start({ provider: 'gladia' })).toThrow(/earshot providers set gladia/);
  expect(() => service.live.start({ provider: 'P14' })).toThrow(unconfiguredRuntimeMessage);
  expect(() => service.live.start({ provider: 'nope' })).toThrow(/no provider "nope"/);
});
