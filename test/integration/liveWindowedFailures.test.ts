import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeProviderConfig } from '../../main/providerSettings.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { normalisedWords } from '../conformance/liveStreams.ts';
import { fixture } from '../fakes/groq/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { markedSentences, markedSpeech, markedText } from '../fakes/streaming/markedSpeech.ts';
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

async function playInRealTimeTimes(session: ReturnType<RunningService['live']['start']>, speed: number) {
  const started = performance.now();
  for (let offset = 0, index = 0; offset < speech.length; offset += 3200, index++) {
    const wait = started + (index * 100) / speed - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const frame = speech.subarray(offset, offset + 3200);
    session.sendAudio(frame, frame.length / 32);
  }
}

it('rides out 429s and 503s: the session goes on and keeps every word', async () => {
  writeProviderConfig(directory.path, 'groq', fixture.config(fake));
  fake.failNext(503, { times: 4, path: /transcriptions/ });
  fake.failNext(429, { times: 4, path: /transcriptions/, headers: { 'retry-after': '0' } });
  const session = service.live.start({ provider: 'groq' });
  await playInRealTimeTimes(session, 3);
  const ended = await session.stop();

  expect(ended).toMatchObject({ state: 'completed', error: null });
  const text = service.store
    .getSegments(session.id)
    .map((segment) => segment.text)
    .join(' ');
  expect(normalisedWords(text)).toBe(markedText(words));
});

it('ends the session interrupted, with the provider’s reason, when the key is refused', async () => {
  writeProviderConfig(directory.path, 'groq', fixture.badCredentialConfig?.(fake) ?? {});
  const session = service.live.start({ provider: 'groq' });
  await playInRealTimeTimes(session, 10);
  const ended = await session.ended;

  expect(ended.state).toBe('interrupted');
  expect(ended.error).toMatch(/401/);
  expect(service.store.getSession(session.id)?.status).toBe('interrupted');
});
