import { afterEach, beforeEach, expect, it } from 'vitest';
import { type DeepgramService, startDeepgramService } from '../support/deepgramService.ts';
import { connectAppChannel } from '../support/appChannelClient.ts';
import { changeSessionStatus } from '../../actors/sessionStatusChange.ts';
import type { RunningService } from '../../main/service.ts';
import { markedSentences, markedSpeech, markedText, slotMs } from '../fakes/streaming/markedSpeech.ts';
import { storedWords } from '../support/liveSessionAudio.ts';
import { normalisedWords } from '../conformance/liveStreams.ts';

/** `/ws/app` as the UI's "Resume recording" uses it: `live.start` with `resumeSessionId`. */
let running: DeepgramService;
let service: RunningService;

beforeEach(async () => {
  running = await startDeepgramService('app-channel-resume');
  service = running.service;
});
afterEach(() => running.close());

/** A session cut off after its first words, as the service finds one after a crash. */
function interruptedSession(): string {
  const { id } = service.store.createSession({ title: 'Cut off', providerId: 'deepgram' });
  service.store.appendSegment(id, { text: 'before the cut', startMs: 0, endMs: 2000 });
  changeSessionStatus(service.store, id, { type: 'RECOVER' });
  return id;
}

const words = markedSentences(12);

it('resumes an interrupted session over /ws/app and completes it with its old and new words', async () => {
  const sessionId = interruptedSession();
  const client = await connectAppChannel(service);
  client.socket.send(
    JSON.stringify({ type: 'live.start', provider: 'deepgram', resumeSessionId: sessionId }),
  );
  expect(await client.next('live.started')).toEqual({
    type: 'live.started',
    sessionId,
    providerId: 'deepgram',
    audioFormat: 'pcm16',
  });
  client.socket.send(markedSpeech(words));
  client.socket.send(JSON.stringify({ type: 'live.stop' }));
  expect(await client.next('live.ended')).toEqual({
    type: 'live.ended',
    sessionId,
    state: 'completed',
    error: null,
  });
  // The client is told the new segments in the session's time, after the stored ones.
  const committed = client.messages.flatMap((message) =>
    message.type === 'live.update' ? message.committed : [],
  );
  expect(committed.length).toBeGreaterThan(0);
  expect(committed[0]?.startMs).toBe(2000);

  expect(service.store.getSession(sessionId)).toMatchObject({
    status: 'completed',
    durationMs: 2000 + words.length * slotMs,
  });
  expect(storedWords(service.store, sessionId)).toBe(normalisedWords(`before the cut ${markedText(words)}`));
  expect(service.store.getSegments(sessionId)[1]?.startMs).toBe(2000);
  client.socket.close();
});

it('refuses to resume a completed session, saying so, and leaves it as it was', async () => {
  const sessionId = interruptedSession();
  changeSessionStatus(service.store, sessionId, { type: 'FINALIZE' });
  const client = await connectAppChannel(service);
  client.socket.send(
    JSON.stringify({ type: 'live.start', provider: 'deepgram', resumeSessionId: sessionId }),
  );
  expect(await client.next('live.refused')).toEqual({
    type: 'live.refused',
    message: `Session ${sessionId} is completed, and completed sessions cannot be resumed; start a new session instead.`,
  });
  expect(service.store.getSession(sessionId)?.status).toBe('completed');
  expect(service.store.getSegments(sessionId)).toHaveLength(1);
  expect(service.live.status().recording).toBe(false);
  client.socket.close();
});
