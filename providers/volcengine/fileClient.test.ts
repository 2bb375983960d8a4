import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';

import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import {
  startVolcengineFake,
  volcengineFakeAccessKey,
  volcengineFakeAppKey,
  volcengineOutcomeHeaders,
} from '../../test/fakes/volcengine/server.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { silentWav } from '../../test/fakes/wavAudio.ts';
import type { FileTranscriptionProgress } from '../contract.ts';
import { ProviderError } from '../http/providerError.ts';
import { volcengineConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('volcengine', 6_000);
const { bytes: wav, durationMs } = speech;
let fake: ProviderFake;

beforeEach(async () => {
  fake = await startVolcengineFake({ maxAudioBytes: 1_000_000 });
});
afterEach(() => fake.close());

function transcribe(
  options: {
    vocabulary?: string[];
    config?: Record<string, unknown>;
    languageHints?: string[];
    path?: string;
    signal?: AbortSignal;
    onProgress?: (progress: FileTranscriptionProgress) => void;
  } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    wavPath: options.path,
    languageHints: options.languageHints ?? ['en'],
    config: volcengineConfigSchema.parse({
      appKey: volcengineFakeAppKey,
      accessKey: volcengineFakeAccessKey,
      ...options.config,
    }),
    baseUrl: fake.baseUrl,
    vocabulary: options.vocabulary,
    signal: options.signal,
    onProgress: options.onProgress,
  }).result;
}

function sentJson(index = -1): { audio: Record<string, unknown> } & Record<string, unknown> {
  return JSON.parse(fake.requests.at(index)?.body.toString('utf8') ?? '{}') as {
    audio: Record<string, unknown>;
  };
}

it('authenticates with the X-Api headers of the flash recognizer and a fresh request id per call', async () => {
  await transcribe();
  await transcribe();
  const [first, second] = fake.requests;
  expect(first?.url).toBe('/api/v3/auc/bigmodel/recognize/flash');
  expect(first?.headers).toMatchObject({
    'x-api-app-key': volcengineFakeAppKey,
    'x-api-access-key': volcengineFakeAccessKey,
    'x-api-resource-id': 'volc.bigasr.auc_turbo',
    'x-api-sequence': '-1',
    'content-type': 'application/json',
  });
  expect(first?.headers['x-api-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(second?.headers['x-api-request-id']).not.toBe(first?.headers['x-api-request-id']);
});

it('sends the custom vocabulary as hot words, corpus.context a JSON string, and nothing without terms', async () => {
  const terms = Array.from({ length: 120 }, (_, index) => `Term ${index}`);
  const result = await transcribe({ vocabulary: terms });
  expect(result.segments.length).toBeGreaterThan(0);
  const { corpus } = sentJson().request as { corpus?: { context: string } };
  const { hotwords } = JSON.parse(corpus?.context ?? '{}') as { hotwords: Array<{ word: string }> };
  // A hundred at most, in the user's order.
  expect(hotwords).toEqual(terms.slice(0, 100).map((word) => ({ word })));
  await transcribe({ vocabulary: [] });
  expect(sentJson().request).not.toHaveProperty('corpus');
});

it('sends the whole WAV as base64 with the bigmodel request, and no language for English', async () => {
  await transcribe();
  expect(sentJson()).toEqual({
    user: { uid: 'earshot' },
    audio: { data: wav.toString('base64'), format: 'wav' },
    request: { model_name: 'bigmodel', enable_itn: true, enable_punc: true, show_utterances: true },
  });
});

it('names the locale for languages beyond Chinese and English, and none without hints', async () => {
  await transcribe({ languageHints: ['ja', 'en'] });
  expect(sentJson().audio.language).toBe('ja-JP');
  await transcribe({ languageHints: ['zh'] });
  expect(sentJson().audio).not.toHaveProperty('language');
  await transcribe({ languageHints: [] });
  expect(sentJson().audio).not.toHaveProperty('language');
});

it('turns the utterances (milliseconds) into segments with their timed words, asking for no speakers', async () => {
  expect(await transcribe()).toEqual({
    segments: cannedSentences(durationMs).map((sentence) => ({
      text: `${sentence.text[0]?.toUpperCase()}${sentence.text.slice(1)}.`,
      startMs: sentence.words[0]?.startMs,
      endMs: sentence.words.at(-1)?.endMs,
      // The fake gives every word Volcengine's confidence 0, which names none.
      words: sentence.words.map((word) => ({ text: word.word, startMs: word.startMs, endMs: word.endMs })),
    })),
  });
  expect(sentJson()['request']).not.toHaveProperty('enable_speaker_info');
});

it('keeps utterances without words, and a word confidence Volcengine did compute', async () => {
  fake.failNext(200, {
    headers: volcengineOutcomeHeaders('20000000', 'OK'),
    body: {
      result: {
        text: '你好。再见。',
        utterances: [
          { text: '你好。', start_time: 0, end_time: 900 },
          {
            text: '再见。',
            start_time: 1_000,
            end_time: 1_800,
            words: [{ text: '再', start_time: 1_000, end_time: 1_300, confidence: 0.92 }],
          },
        ],
      },
    },
  });
  expect((await transcribe()).segments).toEqual([
    { text: '你好。', startMs: 0, endMs: 900 },
    {
      text: '再见。',
      startMs: 1_000,
      endMs: 1_800,
      words: [{ text: '再', startMs: 1_000, endMs: 1_300, confidence: 0.92 }],
    },
  ]);
});

it('asks for enable_speaker_info only when enableSpeakerDiarization is set, and labels segments and words', async () => {
  const { segments } = await transcribe({ config: { enableSpeakerDiarization: true } });
  expect(sentJson()['request']).toMatchObject({ enable_speaker_info: true });
  expect(segments.length).toBeGreaterThan(1);
  segments.forEach((segment, index) => {
    const speaker = String((index % 2) + 1);
    expect(segment.speaker).toBe(speaker);
    expect(segment.words?.every((word) => word.speaker === speaker)).toBe(true);
  });
});

it('keeps a result without utterances as one segment over the audio', async () => {
  fake.failNext(200, {
    headers: volcengineOutcomeHeaders('20000000', 'OK'),
    body: { audio_info: { duration: 5_400 }, result: { text: ' 你好世界。 ' } },
  });
  expect(await transcribe()).toEqual({ segments: [{ text: '你好世界。', startMs: 0, endMs: 5_400 }] });
});

it('treats "silent audio" as an empty transcript, not a failure', async () => {
  const quiet = join(speech.folder, 'quiet.wav');
  writeFileSync(quiet, silentWav(300));
  expect(await transcribe({ path: quiet })).toEqual({ segments: [] });
});

it('reads refusals sent with HTTP 200 from X-Api-Status-Code: busy is retryable, the rest permanent', async () => {
  fake.failNext(200, { headers: volcengineOutcomeHeaders('55000031', 'server busy') });
  const busy = await transcribe().catch((error: unknown) => error);
  expect(busy).toBeInstanceOf(ProviderError);
  expect(busy).toMatchObject({
    kind: 'retryable',
    message: 'Volcengine could not recognize the audio (55000031): server busy',
  });
  const notAudio = join(speech.folder, 'not-audio.wav');
  writeFileSync(notAudio, 'plain text');
  await expect(transcribe({ path: notAudio })).rejects.toMatchObject({ kind: 'permanent', status: 400 });
  fake.failNext(200, { body: { result: { text: 'no status header' } } });
  await expect(transcribe()).rejects.toMatchObject({
    kind: 'permanent',
    message: 'Volcengine answered without an X-Api-Status-Code header.',
  });
});

it('fails permanently over the size limit and names Volcengine for an unexpected shape', async () => {
  const large = join(speech.folder, 'large.wav');
  writeFileSync(large, silentWav(40_000));
  await expect(transcribe({ path: large })).rejects.toMatchObject({ kind: 'permanent', status: 413 });
  fake.failNext(200, {
    headers: volcengineOutcomeHeaders('20000000', 'OK'),
    body: { result: { utterances: 'none' } },
  });
  await expect(transcribe()).rejects.toMatchObject({
    kind: 'permanent',
    message: 'Volcengine answered in an unexpected shape.',
  });
});

it('reports the real bytes of the JSON body and then that Volcengine is recognizing', async () => {
  const progress: FileTranscriptionProgress[] = [];
  await transcribe({ onProgress: (event) => progress.push(event) });
  const sentLength = fake.requests[0]?.body.length;
  expect(Number(fake.requests[0]?.headers['content-length'])).toBe(sentLength);
  expect(progress.slice(-2)).toEqual([
    { phase: 'uploading', sentBytes: sentLength, totalBytes: sentLength },
    { phase: 'processing' },
  ]);
});
