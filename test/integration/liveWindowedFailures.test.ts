import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { fixture } from '../fakes/groq/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { markedSentences, markedSpeech, markedText } from '../fakes/streaming/markedSpeech.ts';
import { playIntoSession, storedWords } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/** A windowed provider that fails: transient failures wait for the next pass, a refusal ends the session. */
const words = markedSentences(18);
const speech = markedSpeech(words);
let fake: ProviderFake;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeAll(async () => {
  fake = await fixture.start();
  directory = temporaryDirectory('live-windowed-failures');
  service = await startService({ dataDirectory: directory.path, port: 0 });
});
afterAll(async () => {
  await service.close();
  directory.remove();
  await fake.close();
});

it('rides out 429s and 503s: the session goes on and keeps every word', async () => {
  writeProviderConfig(directory.path, 'groq', fixture.config(fake));
  fake.failNext(503, { times: 4, path: /transcriptions/ });
  fake.failNext(429, { times: 4, path: /transcriptions/, headers: { 'retry-after': '0' } });
  const session = service.live.start({ provider: 'groq' });
  await playIntoSession(session, speech, 3);
  const ended = await session.stop();

  expect(ended).toMatchObject({ state: 'completed', error: null });
  expect(storedWords(service.store, session.id)).toBe(markedText(words));
});

it('ends the session interrupted, with the provider’s reason, when the key is refused', async () => {
  writeProviderConfig(directory.path, 'groq', fixture.badCredentialConfig?.(fake) ?? {});
  const session = service.live.start({ provider: 'groq' });
  await playIntoSession(session, speech, 10);
  const ended = await session.ended;

  expect(ended.state).toBe('interrupted');
  expect(ended.error).toMatch(/401/);
  expect(service.store.getSession(session.id)?.status).toBe('interrupted');
});
