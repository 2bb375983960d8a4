import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { type RunningService, startService } from '../../main/service.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { vocabularyValueId } from '../../store/vocabulary.ts';
import { deepgramFakeApiKey } from '../fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../fakes/deepgram/streamingServer.ts';
import { markedSentences, markedSpeech } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { playIntoSession } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * The custom vocabulary on the live path of a running service: store → live session → the real
 * proxy, which reads the session's terms → Deepgram's fake, which sees them as keyterms.
 */
let fake: StreamingFake;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeAll(async () => {
  fake = await startDeepgramStreamingFake();
});
afterAll(() => fake.close());
beforeEach(async () => {
  directory = temporaryDirectory('live-vocabulary');
  writeProviderConfig(directory.path, 'deepgram', { apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl });
  service = await startService({ dataDirectory: directory.path, port: 0, liveFinishTimeoutMs: 1000 });
});
afterEach(async () => {
  await service.close();
  directory.remove();
});

it("sends everyone's terms and the session's topic's terms to the vendor through the proxy", async () => {
  const topic = { id: 'audio', name: 'Audio engineering', emoji: '', description: '' };
  service.store.putTopic(topic);
  service.store.setSetting(
    vocabularyValueId,
    JSON.stringify({
      terms: ['Earshot'],
      topics: { [topic.id]: ['Kelly Byrne-Donoghue'], other: ['Unused'] },
    }),
  );
  const first = service.live.start({ provider: 'deepgram', title: 'No topic' });
  await playIntoSession(first, markedSpeech(markedSentences(4)));
  await first.stop();
  expect(fake.connections.at(-1)?.url.searchParams.getAll('keyterm')).toEqual(['Earshot']);

  service.store.updateSession(first.id, { topicId: topic.id });
  service.store.setSessionStatus(first.id, 'interrupted');
  const resumed = service.live.start({ provider: 'deepgram', resumeSessionId: first.id });
  await playIntoSession(resumed, markedSpeech(markedSentences(4)));
  await resumed.stop();
  expect(fake.connections.at(-1)?.url.searchParams.getAll('keyterm')).toEqual([
    'Earshot',
    'Kelly Byrne-Donoghue',
  ]);
});
