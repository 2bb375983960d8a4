import { afterEach, beforeEach, expect, it } from 'vitest';
import { vocabularyValueId } from '../../store/vocabulary.ts';
import { markedSentences, markedSpeech } from '../fakes/streaming/markedSpeech.ts';
import { type DeepgramService, startDeepgramService } from '../support/deepgramService.ts';
import { playIntoSession } from '../support/liveSessionAudio.ts';

/**
 * The custom vocabulary on the live path of a running service: store → live session → the real
 * proxy, which reads the session's terms → Deepgram's fake, which sees them as keyterms.
 */
let running: DeepgramService;

beforeEach(async () => {
  running = await startDeepgramService('live-vocabulary', { liveFinishTimeoutMs: 1000 });
});
afterEach(() => running.close());

it("sends everyone's terms and the session's topic's terms to the vendor through the proxy", async () => {
  const { service, fake } = running;
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
