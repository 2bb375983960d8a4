import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { earshotProtocols } from '../../providers/live/proxyProtocol.ts';
import { deepgramFakeApiKey } from '../../test/fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../../test/fakes/deepgram/streamingServer.ts';
import { markedSentences, markedSpeech } from '../../test/fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../../test/fakes/streaming/streamingFake.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { writeProviderConfig } from '../providerSettings.ts';
import { type RunningService, startService } from '../service.ts';
import type { AppMessage } from './appProtocol.ts';

/** `/ws/app` as the UI uses it: a recording outlives its client, which can come back to it. */
let fake: StreamingFake;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeEach(async () => {
  fake = await startDeepgramStreamingFake();
  directory = temporaryDirectory('app-channel');
  writeProviderConfig(directory.path, 'deepgram', { apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl });
  service = await startService({ dataDirectory: directory.path, port: 0, liveDetachedGraceMs: 300 });
});
afterEach(async () => {
  await service.close();
  directory.remove();
  await fake.close();
});

interface AppClient {
  socket: WebSocket;
  messages: AppMessage[];
  next(type: AppMessage['type']): Promise<AppMessage>;
}

async function appClient(): Promise<AppClient> {
  const socket = new WebSocket(
    `ws://127.0.0.1:${service.port}/ws/app`,
    earshotProtocols(service.launchSecret),
  );
  const messages: AppMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString()) as AppMessage);
    for (const waiter of waiters.splice(0)) waiter();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const next = async (type: AppMessage['type']): Promise<AppMessage> => {
    for (;;) {
      const found = messages.find((message) => message.type === type);
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, messages, next };
}

const speech = markedSpeech(markedSentences(12));

it('keeps recording when the client goes, and lets a new client attach and stop it', async () => {
  const first = await appClient();
  first.socket.send(JSON.stringify({ type: 'live.start', provider: 'deepgram', title: 'Reloaded' }));
  const started = await first.next('live.started');
  if (started.type !== 'live.started') throw new Error('not started');
  first.socket.send(speech.subarray(0, 32_000));
  first.socket.close();
  await new Promise((resolve) => setTimeout(resolve, 100));

  const second = await appClient();
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
  const client = await appClient();
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
  const client = await appClient();
  client.socket.send('not json');
  expect(await client.next('live.refused')).toMatchObject({ message: /JSON text or binary audio/ });
  client.messages.length = 0;
  client.socket.send(JSON.stringify({ type: 'live.start', provider: 'P11' }));
  expect(await client.next('live.refused')).toMatchObject({ message: /earshot providers set groq apiKey=/ });
  client.socket.close();
});
