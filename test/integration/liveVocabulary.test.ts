import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { vocabularyValueId } from '../../store/vocabulary.ts';
import { fixture as groqFixture } from '../fakes/groq/fixture.ts';
import { readMultipartForm } from '../fakes/multipartForm.ts';
import { markedSentences, markedSpeech } from '../fakes/streaming/markedSpeech.ts';
import { type DeepgramService, startDeepgramService } from '../support/deepgramService.ts';
import { playIntoSession } from '../support/liveSessionAudio.ts';

/**
 * The custom vocabulary on the live paths of a running service: store → live session → the real
 * proxy, which reads the session's terms → Deepgram's fake, which sees them as keyterms; and
 * store → live session → the batch window → Groq's fake, which sees them in every pass's prompt.
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

it('sends the terms with every windowed pass of a batch provider', async () => {
  const { service, dataDirectory } = running;
  const groq = await groqFixture.start();
  try {
    writeProviderConfig(dataDirectory, 'groq', groqFixture.config(groq));
    service.store.setSetting(vocabularyValueId, JSON.stringify({ terms: ['Earshot', 'Groq'] }));
    const session = service.live.start({ provider: 'groq', languageHints: ['en'] });
    await playIntoSession(session, markedSpeech(markedSentences(8)), 3);
    await session.stop();
    const prompts = await Promise.all(
      groq.requests.map(async (request) => (await readMultipartForm(request)).get('prompt')),
    );
    expect(prompts.length).toBeGreaterThan(0);
    for (const prompt of prompts) expect(prompt).toMatch(/^Earshot, Groq\./);
  } finally {
    await groq.close();
  }
});
