import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AudioInputMode, LiveEvent, LiveToken } from '../contract.ts';
import {
  committedText,
  type FollowedStream,
  followStream,
  sendInFrames,
} from '../../test/conformance/liveStreams.ts';
import { sonioxFakeApiKey } from '../../test/fakes/soniox/server.ts';
import { startSonioxStreamingFake } from '../../test/fakes/soniox/streamingServer.ts';
import {
  markedSentences,
  markedSpeech,
  markedText,
  pcmDurationMs,
} from '../../test/fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../../test/fakes/streaming/streamingFake.ts';
import { sonioxConfigSchema } from './config.ts';
import { liveClient } from './liveClient.ts';
import { realtimeResponseSchema, realtimeTranscript } from './liveResponses.ts';
import { webmOpus } from '../../test/support/webmOpus.ts';

/** Four-word sentences end at a pause, so the fake marks each with an `<end>` token. */
const words = markedSentences(12, 4);
const speech = markedSpeech(words);

let fake: StreamingFake;
let opened: FollowedStream[] = [];

beforeAll(async () => {
  fake = await startSonioxStreamingFake();
});
afterEach(() => {
  for (const followed of opened) followed.stream.close();
  opened = [];
});
afterAll(async () => fake.close());

function open(
  config: Record<string, unknown> = {},
  options: { audioFormat?: AudioInputMode; languageHints?: string[]; vocabulary?: string[] } = {},
) {
  const followed = followStream((onEvent) =>
    liveClient.open({
      config: sonioxConfigSchema.parse({ apiKey: sonioxFakeApiKey, endpoint: fake.baseUrl, ...config }),
      languageHints: options.languageHints ?? [],
      vocabulary: options.vocabulary,
      audioFormat: options.audioFormat ?? 'pcm16',
      onEvent,
    }),
  );
  opened.push(followed);
  return followed;
}

async function transcribe(
  audio: Buffer,
  config: Record<string, unknown> = {},
  options: {
    audioFormat?: AudioInputMode;
    languageHints?: string[];
    frameBytes?: number;
    vocabulary?: string[];
  } = {},
) {
  const followed = open(config, options);
  await followed.next((event) => event.type === 'ready');
  sendInFrames(followed.stream, audio, options.frameBytes);
  await followed.stream.finish(10_000);
  return followed.events;
}

function tokenEvents(events: readonly LiveEvent[]) {
  return events.filter((event) => event.type === 'tokens');
}

function everyToken(events: readonly LiveEvent[]): LiveToken[] {
  return tokenEvents(events).flatMap((event) => [...event.final, ...event.tentative]);
}

function lastConnection() {
  const connection = fake.connections.at(-1);
  if (connection === undefined) throw new Error('no connection reached the fake');
  return connection;
}

describe('Soniox live client against the streaming fake', () => {
  it('sends one config message holding the key, with nothing in the URL or the upgrade headers', async () => {
    const events = await transcribe(speech.subarray(0, 32_000), {}, { languageHints: ['en', 'de'] });
    expect(events.at(-1)).toEqual({ type: 'finished' });
    const connection = lastConnection();
    expect(connection.url.pathname).toBe('/transcribe-websocket');
    expect(connection.url.search).toBe('');
    expect(connection.headers.authorization).toBeUndefined();
    expect(connection.textMessages).toEqual([
      {
        api_key: sonioxFakeApiKey,
        model: 'stt-rt-v5',
        audio_format: 'pcm_s16le',
        sample_rate: 16_000,
        num_channels: 1,
        language_hints: ['en', 'de'],
        enable_language_identification: true,
        enable_endpoint_detection: true,
        enable_speaker_diarization: false,
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(sonioxFakeApiKey);
  });

  it("sends the vocabulary as the terms of the config message's context", async () => {
    await transcribe(speech.subarray(0, 32_000), {}, { vocabulary: ['Earshot', 'Kelly Byrne-Donoghue'] });
    expect(lastConnection().textMessages[0]).toMatchObject({
      context: { terms: ['Earshot', 'Kelly Byrne-Donoghue'] },
    });
  });

  it('never sends an empty audio frame before the end, since Soniox takes it as the end of stream', async () => {
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(new Uint8Array(0));
    sendInFrames(stream, speech);
    await stream.finish(10_000);
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(committedText(events)).toBe(markedText(words));
  });

  it('streams WebM/Opus as audio_format "auto" and gets its words back', async () => {
    const webm = await webmOpus(speech);
    const sliceBytes = Math.ceil(webm.length / (pcmDurationMs(speech.length) / 100));
    const events = await transcribe(webm, {}, { audioFormat: 'webm-opus', frameBytes: sliceBytes });
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'finished' });
    expect(lastConnection().textMessages[0]).toMatchObject({ audio_format: 'auto' });
    expect(lastConnection().textMessages[0]).not.toHaveProperty('sample_rate');
    expect(tokenEvents(events).some((event) => event.tentative.length > 0)).toBe(true);
    // Opus is lossy, but the tone levels the fake reads survive it exactly.
    expect(committedText(events)).toBe(markedText(words));
  });

  it('reports audio that is not the WebM it announced as a permanent "bad_request"', async () => {
    const events = await transcribe(speech.subarray(0, 32_000), {}, { audioFormat: 'webm-opus' });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'bad_request', permanent: true });
  });

  it('drops marker tokens, keeps sub-word tokens joined as they come, and clears the tentative tail', async () => {
    const events = await transcribe(speech);
    const texts = everyToken(events).map((token) => token.text);
    expect(texts.some((text) => /<\w+>/.test(text))).toBe(false);
    expect(texts.some((text) => text.startsWith(' '))).toBe(true);
    expect(committedText(events)).toBe(markedText(words));
    expect(tokenEvents(events).at(-1)?.tentative).toEqual([]);
    for (const token of tokenEvents(events).flatMap((event) => event.final)) {
      expect(token.endMs ?? 0).toBeGreaterThanOrEqual(token.startMs ?? 0);
      expect(token.language).toBe('en');
    }
  });

  it('passes speaker labels on tokens when diarization is on', async () => {
    const events = await transcribe(speech, { enableSpeakerDiarization: true });
    expect(lastConnection().textMessages[0]).toMatchObject({ enable_speaker_diarization: true });
    const finalTokens = tokenEvents(events).flatMap((event) => event.final);
    expect(finalTokens[0]?.speaker).toBe('1');
    expect(new Set(finalTokens.map((token) => token.speaker))).toEqual(new Set(['1', '2']));
  });

  it('keeps the translated line apart from the original', async () => {
    const events = await transcribe(speech, { translationEnabled: true, translationTargetLanguage: 'fr' });
    expect(lastConnection().textMessages[0]).toMatchObject({
      translation: { type: 'one_way', target_language: 'fr' },
    });
    const translations = events.filter((event) => event.type === 'translation');
    const translatedLine = translations.map((event) => event.finalText).join('');
    expect(translatedLine).toBe(markedText(words).toUpperCase());
    expect(translations.some((event) => event.tentativeText !== '')).toBe(true);
    expect(translations.every((event) => event.language === 'fr')).toBe(true);
    const originalLine = tokenEvents(events)
      .flatMap((event) => event.final)
      .map((token) => token.text)
      .join('');
    expect(originalLine).toBe(markedText(words));
    expect(everyToken(events).some((token) => /[A-Z]/.test(token.text))).toBe(false);
  });

  it.each([
    [408, 'timeout', false],
    [400, 'bad_request', true],
    [500, 'upstream_error', false],
  ])('maps an in-band error %i to %s (permanent=%s)', async (status, code, permanent) => {
    fake.rejectNext(status);
    const { next } = open();
    const error = await next((event) => event.type === 'error');
    expect(error).toMatchObject({ type: 'error', code, permanent });
    expect(error).toMatchObject({ message: expect.stringContaining(`error ${status}`) as string });
  });

  it('sends keepalives while no audio flows, so Soniox does not time the stream out', async () => {
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(lastConnection().textMessages.slice(1)).toContainEqual({ type: 'keepalive' });
    sendInFrames(stream, speech.subarray(0, 64_000));
    await stream.finish(10_000);
    expect(events.at(-1)).toEqual({ type: 'finished' });
  }, 15_000);
});

describe('Soniox real-time responses as live events', () => {
  const response = (tokens: unknown[]) => realtimeResponseSchema.parse({ tokens });
  const token = (text: string, isFinal: boolean, extra: Record<string, unknown> = {}) => ({
    text,
    is_final: isFinal,
    ...extra,
  });

  it('emits only when something becomes final or the tentative tail changes', () => {
    const transcript = realtimeTranscript(undefined);
    expect(transcript(response([token('He', false, { start_ms: 100, end_ms: 180 })]))).toEqual([
      {
        type: 'tokens',
        final: [],
        tentative: [{ text: 'He', startMs: 100, endMs: 180, speaker: null, language: null }],
      },
    ]);
    expect(transcript(response([token('He', false, { start_ms: 100, end_ms: 180 })]))).toEqual([]);
    expect(transcript(response([token('He', true), token('llo', true), token('<end>', true)]))).toEqual([
      {
        type: 'tokens',
        final: [
          { text: 'He', speaker: null, language: null },
          { text: 'llo', speaker: null, language: null },
        ],
        tentative: [],
      },
    ]);
    expect(transcript(response([]))).toEqual([]);
  });

  it('clears the tentative tail when a response has no tentative tokens left', () => {
    const transcript = realtimeTranscript(undefined);
    transcript(response([token(' wor', false)]));
    expect(transcript(response([]))).toEqual([{ type: 'tokens', final: [], tentative: [] }]);
  });

  it('never shows marker tokens, final or not', () => {
    const transcript = realtimeTranscript(undefined);
    const events = transcript(
      response([
        token('<fin>', true),
        token('<end>', true),
        token('<unk>', false),
        token(' <silence>', false),
        token(' ok', false),
      ]),
    );
    expect(events).toEqual([
      { type: 'tokens', final: [], tentative: [{ text: ' ok', speaker: null, language: null }] },
    ]);
  });

  it('puts translated tokens into translation events, with the target language', () => {
    const transcript = realtimeTranscript('es');
    const events = transcript(
      response([
        token('Hi', true, { translation_status: 'original', language: 'en', speaker: '2' }),
        token('Ho', true, { translation_status: 'translation', language: 'es', source_language: 'en' }),
        token('la', true, { translation_status: 'translation', language: 'es' }),
        token(' ami', false, { translation_status: 'translation' }),
      ]),
    );
    expect(events).toEqual([
      { type: 'tokens', final: [{ text: 'Hi', speaker: '2', language: 'en' }], tentative: [] },
      { type: 'translation', finalText: 'Hola', tentativeText: ' ami', language: 'es' },
    ]);
    expect(transcript(response([token(' ami', false, { translation_status: 'translation' })]))).toEqual([]);
    expect(transcript(response([token(' amigo', true, { translation_status: 'translation' })]))).toEqual([
      { type: 'translation', finalText: ' amigo', tentativeText: '', language: 'es' },
    ]);
  });
});
