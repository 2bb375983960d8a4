import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBatchWindowStream } from '../../actors/batch/batchWindowStream.ts';
import { LocalRuntimes } from '../../actors/whisperRuntime/localRuntimes.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { importBinary } from '../../actors/runtimeSetup/importBinary.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { providerBaseUrls } from '../../actors/fileJob/transcriptionJobs.ts';
import type { LiveEvent, ProviderDefinition } from '../../providers/contract.ts';
import { definition as whisperCpp } from '../../providers/whisper-cpp/definition.ts';
import { fixture as groqFixture } from '../fakes/groq/fixture.ts';
import { fixture as openAiCompatibleFixture } from '../fakes/openai-compatible/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { markedSentences, markedSpeech, markedText, slotMs } from '../fakes/streaming/markedSpeech.ts';
import { requireBuiltWhisperServer, fixture, stubModel } from '../support/fixtures.ts';
import { playIntoSession, storedWords } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * Live capture on windowed-batch providers: the rolling window, the pass cadence and the
 * stabilizer, against content-aware fakes (P11, P12) and the real whisper-server (P14).
 */
const frameBytes = 3200;

describe('content: P11 and P12 against their fakes', () => {
  const words = markedSentences(30);
  const speech = markedSpeech(words);
  let directory: ReturnType<typeof temporaryDirectory>;
  let service: RunningService;
  const fakes: ProviderFake[] = [];

  beforeAll(async () => {
    directory = temporaryDirectory('live-windowed');
    service = await startService({ dataDirectory: directory.path, port: 0 });
  });
  afterAll(async () => {
    await service.close();
    directory.remove();
    await Promise.all(fakes.map((fake) => fake.close()));
  });

  it.each([groqFixture, openAiCompatibleFixture].map((fixture) => [fixture.providerId, fixture] as const))(
    '%s: commits every word once, in order, as the window moves on',
    async (providerId, fixture) => {
      const fake = await fixture.start();
      fakes.push(fake);
      writeProviderConfig(directory.path, providerId, fixture.config(fake));
      const session = service.live.start({ provider: providerId, languageHints: ['en'] });
      const tentative: string[] = [];
      session.subscribe((update) => tentative.push(update.tentative));
      await playIntoSession(session, speech, 3);
      const ended = await session.stop();

      expect(ended).toMatchObject({ state: 'completed', error: null });
      const segments = service.store.getSegments(session.id);
      expect(storedWords(service.store, session.id)).toBe(markedText(words));
      for (const [index, segment] of segments.entries()) {
        expect(segment.startMs).toBeGreaterThanOrEqual(segments[index - 1]?.endMs ?? 0);
      }
      // The words the provider timed are kept, each where it was said in the session's audio (the
      // fake times words as heard in the trimmed window, within a few milliseconds of their slot).
      const timed = segments.flatMap((segment) => segment.words ?? []);
      const slots = words.flatMap((word, slot) => (word === null ? [] : [slot * slotMs]));
      expect(timed.map((word) => word.text).join(' ')).toBe(markedText(words));
      timed.forEach((word, index) => expect(Math.abs(word.startMs - (slots[index] ?? 0))).toBeLessThan(50));
      // More than one pass happened while the audio flowed, and the window was trimmed: no upload
      // covers the whole recording.
      const uploads = fake.requests.filter((request) => request.method === 'POST');
      expect(uploads.length).toBeGreaterThan(2);
      expect(Math.max(...uploads.map((request) => request.body.length))).toBeLessThan(speech.length);
      expect(tentative.some((text) => text !== '')).toBe(true);
    },
  );
});

describe('lifecycle and cadence: P14 on the real whisper-server', () => {
  let directory: ReturnType<typeof temporaryDirectory>;
  let runtimes: LocalRuntimes;

  beforeAll(async () => {
    directory = temporaryDirectory('live-whisper');
    runtimes = new LocalRuntimes(directory.path);
    await importBinary(requireBuiltWhisperServer(), directory.path);
  });
  afterAll(async () => {
    await runtimes.stop();
    directory.remove();
  });

  it('starts the runtime, passes every 1.5 s or so while speech flows, and skips silence', async () => {
    const passes: number[] = [];
    const counting: ProviderDefinition<unknown> = {
      ...(whisperCpp as ProviderDefinition<unknown>),
      transcribeFile: (request) => {
        passes.push(performance.now());
        return (whisperCpp as ProviderDefinition<unknown>).transcribeFile(request);
      },
    };
    const events: LiveEvent[] = [];
    const stream = openBatchWindowStream({
      definition: counting,
      config: whisperCpp.configSchema.parse({
        // P14 reads only a model in its data directory's models folder.
        modelPath: (await importModel(stubModel, directory.path)).path,
      }),
      languageHints: ['en'],
      resolveBaseUrl: providerBaseUrls(runtimes.startRuntime),
      onEvent: (event) => events.push(event),
    });
    while (!events.some((event) => event.type === 'ready' || event.type === 'error')) await sleep(20);
    expect(events.filter((event) => event.type === 'error')).toEqual([]);

    const jfk = readFileSync(fixture('audio/jfk.wav')).subarray(44);
    const silence = Buffer.alloc(32_000 * 3);
    const started = performance.now();
    for (const [index, frame] of chunks(Buffer.concat([jfk, silence]), frameBytes).entries()) {
      const wait = started + index * 100 - performance.now();
      if (wait > 0) await sleep(wait);
      stream.sendAudio(frame);
    }
    const playedMs = performance.now() - started;
    await stream.finish(20_000);

    expect(events.at(-1)).toEqual({ type: 'finished' });
    // jfk.wav is 11 s of speech: at a pass every 1.5 s that is about 7, plus the last one.
    expect(passes.length).toBeGreaterThanOrEqual(4);
    expect(passes.length).toBeLessThanOrEqual(Math.ceil(playedMs / 1500) + 1);
    for (let index = 1; index < passes.length - 1; index++) {
      expect((passes[index] ?? 0) - (passes[index - 1] ?? 0)).toBeGreaterThanOrEqual(1400);
    }
    // The stub model hears nothing: nothing is committed, and nothing is invented.
    expect(events.filter((event) => event.type === 'final')).toEqual([]);
  });
});

function chunks(bytes: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size)
    pieces.push(bytes.subarray(offset, offset + size));
  return pieces;
}
