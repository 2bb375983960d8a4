import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxWindowMs, openBatchWindowStream } from '../../actors/batch/batchWindowStream.ts';
import type { LiveEvent, LiveStream, ProviderDefinition } from '../../providers/contract.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import { definition as openAiCompatible } from '../../providers/openai-compatible/definition.ts';
import { normalisedWords } from '../conformance/liveStreams.ts';
import { fixture } from '../fakes/openai-compatible/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { markedSentences, markedSpeech, markedText } from '../fakes/streaming/markedSpeech.ts';

/**
 * Issue #15, item 1: after Stop a windowed stream transcribes every second it captured, however slow
 * the provider and however much audio waits, and says how much is left as it goes; when the end
 * cannot be transcribed it says how much is missing. Timings are the provider's own (slowed on
 * purpose), never asserted.
 */
const frameBytes = 3200;
let fake: ProviderFake;

beforeAll(async () => {
  fake = await fixture.start();
});
afterAll(async () => {
  await fake.close();
});

interface Pass {
  durationMs: number;
  startedAt: number;
  endedAt: number;
}

/** P12 against its fake, each request `delayMs` slower; with `refuseAfterStop`, requests after Stop are refused. */
function openStream(options: { delayMs: number; refuseAfterStop?: boolean }) {
  let stopped = false;
  const events: LiveEvent[] = [];
  const passes: Pass[] = [];
  const slowed: ProviderDefinition<unknown> = {
    ...(openAiCompatible as ProviderDefinition<unknown>),
    transcribeFile: async (request) => {
      const pass: Pass = { durationMs: request.durationMs, startedAt: performance.now(), endedAt: Infinity };
      passes.push(pass);
      await sleep(options.delayMs);
      if (options.refuseAfterStop === true && stopped) {
        pass.endedAt = performance.now();
        throw new ProviderError('permanent', 'The server refused the audio (400).', { status: 400 });
      }
      const result = await (openAiCompatible as ProviderDefinition<unknown>).transcribeFile(request);
      pass.endedAt = performance.now();
      return result;
    },
  };
  const stream = openBatchWindowStream({
    definition: slowed,
    config: openAiCompatible.configSchema.parse(fixture.config(fake)),
    languageHints: ['en'],
    resolveBaseUrl: () => Promise.resolve(fake.baseUrl),
    onEvent: (event) => events.push(event),
  });
  const finish = () => {
    stopped = true;
    // The old limit: a provider that took longer than this to confirm the end lost it.
    return stream.finish(50);
  };
  return { stream, events, passes, finish };
}

async function untilReady(events: LiveEvent[]): Promise<void> {
  while (!events.some((event) => event.type === 'ready' || event.type === 'error')) await sleep(10);
  expect(events.filter((event) => event.type === 'error')).toEqual([]);
}

function sendAll(stream: LiveStream, pcm: Buffer): void {
  for (let offset = 0; offset < pcm.length; offset += frameBytes)
    stream.sendAudio(pcm.subarray(offset, offset + frameBytes));
}

const committedWords = (events: LiveEvent[]) =>
  normalisedWords(
    events
      .filter((event) => event.type === 'final')
      .map((event) => event.text)
      .join(' '),
  );

describe('a windowed stream after Stop', () => {
  it('transcribes every word however slow the provider: no time limit cuts the end off', async () => {
    const words = markedSentences(20);
    const { stream, events, passes, finish } = openStream({ delayMs: 1_500 });
    await untilReady(events);
    sendAll(stream, markedSpeech(words));
    await finish();

    expect(events.at(-1)).toEqual({ type: 'finished' });
    expect(committedWords(events)).toBe(normalisedWords(markedText(words)));
    // One request at a time: each began after the one before it had answered.
    for (const [index, pass] of passes.entries()) {
      expect(pass.startedAt).toBeGreaterThanOrEqual(passes[index - 1]?.endedAt ?? 0);
    }
  });

  it('transcribes a backlog longer than one request in several, none over the cap, reporting what is left', async () => {
    const words = markedSentences(160);
    const speech = markedSpeech(words);
    expect(speech.length / 32).toBeGreaterThan(maxWindowMs * 1.4);
    const { stream, events, passes, finish } = openStream({ delayMs: 200 });
    await untilReady(events);
    sendAll(stream, speech);
    await finish();

    expect(events.at(-1)).toEqual({ type: 'finished' });
    expect(committedWords(events)).toBe(normalisedWords(markedText(words)));
    expect(passes.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...passes.map((pass) => pass.durationMs))).toBeLessThanOrEqual(maxWindowMs);
    // All the audio came at once, so what is left only goes down as the passes answer, to nothing.
    const left = events.flatMap((event) => (event.type === 'pace' ? [event.untranscribedMs] : []));
    expect(left.length).toBeGreaterThan(2);
    for (const [index, ms] of left.entries()) expect(ms).toBeLessThanOrEqual(left[index - 1] ?? Infinity);
    expect(left.at(-1)).toBe(0);
    expect(events.some((event) => event.type === 'pace' && event.speed !== null && event.speed > 0)).toBe(
      true,
    );
    // Each pass is announced with its audio as it goes out, and none is under way once all is done.
    const announced = events.flatMap((event) =>
      event.type === 'pace' && event.passAudioMs !== null ? [event.passAudioMs] : [],
    );
    expect(announced).toHaveLength(passes.length);
    expect(announced).toEqual(passes.map((pass) => Math.round(pass.durationMs)));
    expect(events.findLast((event) => event.type === 'pace')).toMatchObject({ passAudioMs: null });
  });

  it('says how many seconds are missing when the provider refuses the end for good', async () => {
    const { stream, events, finish } = openStream({ delayMs: 0, refuseAfterStop: true });
    await untilReady(events);
    sendAll(stream, markedSpeech(markedSentences(12)));
    await finish();

    const ending = events.at(-1);
    expect(ending).toMatchObject({ type: 'error', permanent: true });
    expect(ending?.type === 'error' ? ending.message : '').toMatch(
      /^The server refused the audio \(400\)\. The last \d+ s of audio were not transcribed\.$/,
    );
  });
});
