import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { LiveSession } from '../../actors/live/liveSession.ts';
import { changeSessionStatus } from '../../actors/sessionStatusChange.ts';
import { LiveRequestError } from '../../actors/live/liveSessions.ts';
import { listAudioParts } from '../../store/audio/sessionAudioFiles.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { assemblyAiFakeApiKey } from '../fakes/assemblyai/server.ts';
import { startAssemblyAiStreamingFake } from '../fakes/assemblyai/streamingServer.ts';
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
import { normalisedWords } from '../conformance/liveStreams.ts';

/**
 * Resuming an interrupted live session in a running service: a session cut off by a refused
 * reconnect takes more audio, from the same or another provider, into the same transcript.
 */
const firstPart = markedSentences(12);
// Starting on other words than the first part, so the test can tell the two recordings apart.
const secondPart = markedSentences(18).map((word) => (word === null ? null : (word + 12) % 20));

let deepgram: StreamingFake;
let assemblyAi: StreamingFake;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeAll(async () => {
  deepgram = await startDeepgramStreamingFake();
  assemblyAi = await startAssemblyAiStreamingFake();
});
afterAll(async () => {
  await deepgram.close();
  await assemblyAi.close();
});
beforeEach(async () => {
  directory = temporaryDirectory('live-resume');
  writeProviderConfig(directory.path, 'deepgram', { apiKey: deepgramFakeApiKey, endpoint: deepgram.baseUrl });
  writeProviderConfig(directory.path, 'assemblyai', {
    apiKey: assemblyAiFakeApiKey,
    endpoint: assemblyAi.baseUrl,
  });
  service = await startService({
    dataDirectory: directory.path,
    port: 0,
    liveReconnectBackoffMs: 20,
    liveFinishTimeoutMs: 1000,
  });
});
afterEach(async () => {
  await service.close();
  directory.remove();
});

/**
 * A session that recorded `firstPart` and ended `interrupted` the way a vendor ends it for good:
 * the connection drops after the last audio and the reconnect is refused (HTTP 401).
 */
async function interruptedSession(): Promise<string> {
  deepgram.dropNextAfter(firstPart.length * slotMs);
  const session = service.live.start({ provider: 'deepgram', title: 'Cut off' });
  let armed = false;
  session.subscribe((update) => {
    // The first connection has been accepted by now; the refusal is for the reconnect.
    if (!armed && update.state === 'streaming') {
      armed = true;
      deepgram.rejectNext(401);
    }
  });
  await playIntoSession(session, markedSpeech(firstPart));
  const ended = await session.ended;
  expect(ended.state).toBe('interrupted');
  return session.id;
}

async function record(session: LiveSession, words: ReadonlyArray<number | null>) {
  await playIntoSession(session, markedSpeech(words));
  return session.stop();
}

function expectContinuousTranscript(sessionId: string) {
  const segments = service.store.getSegments(sessionId);
  expect(segments.map((segment) => segment.seq)).toEqual(segments.map((_, index) => index));
  for (const [index, segment] of segments.entries()) {
    expect(segment.endMs).toBeGreaterThanOrEqual(segment.startMs);
    expect(segment.startMs).toBeGreaterThanOrEqual(segments[index - 1]?.endMs ?? 0);
  }
}

it('records more audio into an interrupted session, after its transcript and in its audio time', async () => {
  const sessionId = await interruptedSession();
  const before = service.store.getSession(sessionId);
  const oldSegments = service.store.getSegments(sessionId);
  expect(oldSegments.length).toBeGreaterThan(0);
  expect(before?.durationMs).toBe(firstPart.length * slotMs);

  const resumed = service.live.start({ provider: 'deepgram', resumeSessionId: sessionId, title: 'Ignored' });
  expect(resumed.id).toBe(sessionId);
  expect(service.store.getSession(sessionId)?.status).toBe('recording');
  const committedTimes: number[] = [];
  resumed.subscribe((update) => committedTimes.push(...update.committed.map((segment) => segment.startMs)));
  const ended = await record(resumed, secondPart);

  expect(ended).toMatchObject({
    state: 'completed',
    error: null,
    audioMs: (before?.durationMs ?? 0) + secondPart.length * slotMs,
  });
  const stored = service.store.getSession(sessionId);
  expect(stored).toMatchObject({ status: 'completed', title: 'Cut off', providerId: 'deepgram' });
  expect(stored?.durationMs).toBe((before?.durationMs ?? 0) + secondPart.length * slotMs);

  const segments = service.store.getSegments(sessionId);
  // The earlier transcript is untouched, and the new one follows it.
  expect(segments.slice(0, oldSegments.length)).toEqual(oldSegments);
  expect(storedWords(service.store, sessionId)).toBe(
    normalisedWords(`${oldSegments.map((segment) => segment.text).join(' ')} ${markedText(secondPart)}`),
  );
  expectContinuousTranscript(sessionId);
  const newSegments = segments.slice(oldSegments.length);
  expect(newSegments[0]?.startMs).toBe(before?.durationMs);
  expect(newSegments[0]?.text.toLowerCase()).toContain(vocabularyWord(12).toLowerCase());
  for (const segment of newSegments) expect(segment.startMs % slotMs).toBe(0);
  // What the client is told matches what was stored.
  expect(committedTimes.length).toBeGreaterThan(0);
  for (const startMs of committedTimes) expect(startMs).toBeGreaterThanOrEqual(before?.durationMs ?? 0);
  // The resumed capture's audio part notes that time, so it plays with its lines.
  expect(listAudioParts(directory.path, sessionId).map((part) => part.startMs)).toEqual([
    0,
    before?.durationMs,
  ]);
});

it('resumes with another provider, keeping the session’s first provider', async () => {
  const sessionId = await interruptedSession();
  const oldText = storedWords(service.store, sessionId);

  const resumed = service.live.start({ provider: 'assemblyai', resumeSessionId: sessionId });
  expect(resumed.providerId).toBe('assemblyai');
  expect(service.live.status()).toMatchObject({ currentSessionId: sessionId, currentProvider: 'assemblyai' });
  const ended = await record(resumed, secondPart);

  expect(ended.state).toBe('completed');
  expect(service.store.getSession(sessionId)).toMatchObject({ status: 'completed', providerId: 'deepgram' });
  expect(storedWords(service.store, sessionId)).toBe(normalisedWords(`${oldText} ${markedText(secondPart)}`));
  expectContinuousTranscript(sessionId);
});

it('ends interrupted again when the resumed recording fails, with the transcript as it was', async () => {
  const sessionId = await interruptedSession();
  const oldSegments = service.store.getSegments(sessionId);
  const durationMs = service.store.getSession(sessionId)?.durationMs;

  writeProviderConfig(directory.path, 'deepgram', {
    apiKey: 'dg-wrong-key-000000',
    endpoint: deepgram.baseUrl,
  });
  const refused = service.live.start({ provider: 'deepgram', resumeSessionId: sessionId });
  const ended = await refused.ended;
  expect(ended).toMatchObject({ state: 'interrupted', error: expect.stringMatching(/HTTP 401/) as unknown });
  expect(service.store.getSession(sessionId)).toMatchObject({ status: 'interrupted', durationMs });
  expect(service.store.getSegments(sessionId)).toEqual(oldSegments);

  // And it can still be resumed once the key is right.
  writeProviderConfig(directory.path, 'deepgram', { apiKey: deepgramFakeApiKey, endpoint: deepgram.baseUrl });
  const resumed = service.live.start({ provider: 'deepgram', resumeSessionId: sessionId });
  expect((await record(resumed, secondPart)).state).toBe('completed');
  expect(service.store.getSegments(sessionId).slice(0, oldSegments.length)).toEqual(oldSegments);
  expectContinuousTranscript(sessionId);
});

it('refuses to resume a session that is unknown, recording or completed, changing nothing', async () => {
  expect(() => service.live.start({ provider: 'deepgram', resumeSessionId: 'no-such-session' })).toThrow(
    new LiveRequestError(
      'There is no session no-such-session to resume; pick an interrupted session, or start a new one without resumeSessionId.',
    ),
  );

  const running = service.live.start({ provider: 'deepgram' });
  expect(() => service.live.start({ provider: 'deepgram', resumeSessionId: running.id })).toThrow(
    /is already recording; attach to it \(live\.attach\) or stop it first/,
  );
  expect(service.live.get(running.id)).toBe(running);
  await record(running, firstPart);

  expect(() => service.live.start({ provider: 'deepgram', resumeSessionId: running.id })).toThrow(
    /completed sessions cannot be resumed; start a new session instead/,
  );
  expect(service.store.getSession(running.id)?.status).toBe('completed');
  expect(service.live.status().recording).toBe(false);
});

it('resumes a session the service found cut off by a crash (RECOVER)', async () => {
  const { id } = service.store.createSession({ title: 'Crashed', providerId: 'deepgram' });
  service.store.appendSegment(id, { text: 'before the crash', startMs: 0, endMs: 1200 });
  changeSessionStatus(service.store, id, { type: 'RECOVER' });

  const resumed = service.live.start({ provider: 'P06', resumeSessionId: id });
  expect((await record(resumed, secondPart)).state).toBe('completed');

  const segments = service.store.getSegments(id);
  expect(segments[0]).toMatchObject({ seq: 0, text: 'before the crash', startMs: 0, endMs: 1200 });
  expect(segments[1]?.startMs).toBe(1200);
  expect(storedWords(service.store, id)).toBe(normalisedWords(`before the crash ${markedText(secondPart)}`));
  expect(service.store.getSession(id)?.durationMs).toBe(1200 + secondPart.length * slotMs);
  expectContinuousTranscript(id);
});
