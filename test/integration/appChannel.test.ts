import { afterEach, beforeEach, expect, it } from 'vitest';
import { type DeepgramService, startDeepgramService } from '../support/deepgramService.ts';
import { connectAppChannel } from '../support/appChannelClient.ts';
import { markedSentences, markedSpeech } from '../fakes/streaming/markedSpeech.ts';
import type { RunningService } from '../../main/service.ts';

/** `/ws/app` as the UI uses it: a recording outlives its client, which can come back to it. */
let running: DeepgramService;
let service: RunningService;

beforeEach(async () => {
  running = await startDeepgramService('app-channel', { liveDetachedGraceMs: 300 });
  service = running.service;
});
afterEach(() => running.close());

const speech = markedSpeech(markedSentences(12));

it('keeps recording when the client goes, and lets a new client attach and stop it', async () => {
  const first = await connectAppChannel(service);
  first.socket.send(JSON.stringify({ type: 'live.start', provider: 'deepgram', title: 'Reloaded' }));
  const started = await first.next('live.started');
  if (started.type !== 'live.started') throw new Error('not started');
  first.socket.send(speech.subarray(0, 32_000));
  first.socket.close();
  await new Promise((resolve) => setTimeout(resolve, 100));

  const second = await connectAppChannel(service);
  second.socket.send(JSON.stringify({ type: 'live.attach', sessionId: started.sessionId }));
  await second.next('live.update');
  expect(service.live.get(started.sessionId)).toBeDefined();
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(service.live.get(started.sessionId)).toBeDefined();
  second.socket.send(speech.subarray(32_000));
  second.socket.send(JSON.stringify({ type: 'live.stop' }));
  const ended = await second.next('live.ended');
  expect(ended).toMatchObject({ state: 'completed', sessionId: started.sessionId });
  expect(service.store.getSegments(started.sessionId).length).toBeGreaterThan(0);
  second.socket.close();
});

it('stops a session cleanly, words kept, when its client never comes back', async () => {
  const client = await connectAppChannel(service);
  client.socket.send(JSON.stringify({ type: 'live.start', provider: 'deepgram' }));
  const started = await client.next('live.started');
  if (started.type !== 'live.started') throw new Error('not started');
  client.socket.send(speech);
  await client.next('live.update');
  client.socket.close();
  const session = service.live.get(started.sessionId);
  const ended = await session?.ended;
  expect(ended?.state).toBe('completed');
  expect(service.store.getSession(started.sessionId)?.status).toBe('completed');
});

it('refuses what it does not understand, and a start it cannot honour, with what to do', async () => {
  const client = await connectAppChannel(service);
  client.socket.send('not json');
  expect(await client.next('live.refused')).toMatchObject({ message: /JSON text or binary audio/ });
  client.messages.length = 0;
  client.socket.send(JSON.stringify({ type: 'live.start', provider: 'P11' }));
  expect(await client.next('live.refused')).toMatchObject({ message: /earshot providers set groq apiKey=/ });
  client.socket.close();
});

it('tells every synced client what records, lets another client watch without holding it, and stops it from the control channel', async () => {
  const capturer = await connectAppChannel(service);
  const watcher = await connectAppChannel(service);
  watcher.socket.send(JSON.stringify({ type: 'sync.start' }));
  expect(await watcher.next('live.running')).toMatchObject({ sessions: [] });
  watcher.messages.length = 0;

  capturer.socket.send(JSON.stringify({ type: 'live.start', provider: 'deepgram', title: 'Watched' }));
  const started = await capturer.next('live.started');
  if (started.type !== 'live.started') throw new Error('not started');
  expect(await watcher.next('live.running')).toMatchObject({
    sessions: [{ sessionId: started.sessionId, providerId: 'deepgram' }],
  });
  watcher.socket.send(JSON.stringify({ type: 'live.watch', sessionId: started.sessionId }));
  expect(await watcher.next('live.update')).toMatchObject({ sessionId: started.sessionId });
  // The watcher's audio is not the session's, and its going away does not end the recording.
  const audioBefore = service.live.get(started.sessionId)?.current().audioMs;
  watcher.socket.send(speech.subarray(0, 32_000));
  capturer.socket.send(speech.subarray(0, 32_000));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(service.live.get(started.sessionId)?.current().audioMs).toBe((audioBefore ?? 0) + 1000);
  watcher.socket.close();
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(service.live.get(started.sessionId)).toBeDefined();

  const other = await connectAppChannel(service);
  other.socket.send(JSON.stringify({ type: 'live.watch', sessionId: started.sessionId }));
  await other.next('live.update');
  const stop = (sessionId: string) =>
    fetch(`${service.baseUrl}/control/v1/sessions/${sessionId}/stop`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.launchSecret}` },
    });
  const stopping = await stop(started.sessionId);
  expect(stopping.status).toBe(202);
  expect(await stopping.json()).toEqual({ sessionId: started.sessionId, state: 'stopping' });
  for (const client of [capturer, other]) {
    expect(await client.next('live.ended')).toMatchObject({
      sessionId: started.sessionId,
      state: 'completed',
    });
  }
  const again = await stop(started.sessionId);
  expect(again.status).toBe(409);
  expect(await again.json()).toMatchObject({
    code: 'invalid_state',
    error: /not recording \(it is completed\)/,
  });
  expect((await stop('no-such-session')).status).toBe(404);
  capturer.socket.close();
  other.socket.close();
});
