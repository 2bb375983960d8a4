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
