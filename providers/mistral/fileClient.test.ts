import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';

import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import type { RecordedRequest } from '../../test/fakes/fakeHttpServer.ts';
import { mistralFakeApiKey, startMistralFake } from '../../test/fakes/mistral/server.ts';
import { formFileBytes, readMultipartForm } from '../../test/fakes/multipartForm.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { silentWav } from '../../test/fakes/wavAudio.ts';
import type { FileTranscriptionProgress } from '../contract.ts';
import { mistralConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('mistral', 6_000);
const { bytes: wav, durationMs } = speech;
let fake: ProviderFake;

beforeEach(async () => {
  fake = await startMistralFake({ maxFileBytes: 1_000_000 });
});
afterEach(() => fake.close());

function transcribe(
  options: {
    config?: Record<string, unknown>;
    languageHints?: string[];
    path?: string;
    signal?: AbortSignal;
    onProgress?: (progress: FileTranscriptionProgress) => void;
  } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    wavPath: options.path,
    languageHints: options.languageHints ?? ['fr', 'en'],
    config: mistralConfigSchema.parse({ apiKey: mistralFakeApiKey, ...options.config }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
    onProgress: options.onProgress,
  }).result;
}

async function sentForm(): Promise<FormData> {
  return readMultipartForm(fake.requests.at(-1) as RecordedRequest);
}

it('posts the WAV with a Bearer key, the batch model, the first hint and segment timestamps', async () => {
  await transcribe({ config: { model: 'voxtral-mini-transcribe-realtime-2602' } });
  const [request] = fake.requests;
  expect(request?.url).toBe('/v1/audio/transcriptions');
  expect(request?.headers.authorization).toBe(`Bearer ${mistralFakeApiKey}`);
  const form = await sentForm();
  expect(await formFileBytes(form, 'file')).toEqual(wav);
  expect(Object.fromEntries([...form].filter(([name]) => name !== 'file'))).toEqual({
    model: 'voxtral-mini-latest',
    language: 'fr',
    timestamp_granularities: 'segment',
  });
});

it('leaves out language without hints so that Voxtral detects it', async () => {
  await transcribe({ languageHints: [] });
  expect((await sentForm()).has('language')).toBe(false);
});

it('turns the segments (seconds) into trimmed segments in milliseconds, without speakers unless asked', async () => {
  expect(await transcribe()).toEqual({
    segments: cannedSentences(durationMs).map((sentence) => ({
      text: `${sentence.text[0]?.toUpperCase()}${sentence.text.slice(1)}.`,
      startMs: sentence.words[0]?.startMs,
      endMs: sentence.words.at(-1)?.endMs,
    })),
    language: 'fr',
  });
});

it('sends diarize only when enableSpeakerDiarization is set, and then gives each segment its speaker', async () => {
  const { segments } = await transcribe({ config: { enableSpeakerDiarization: true } });
  expect((await sentForm()).get('diarize')).toBe('true');
  expect(segments.map((segment) => segment.speaker)).toEqual(
    cannedSentences(durationMs).map((_, index) => `speaker_${index % 2}`),
  );
});

it('keeps a transcript without segments as one segment over the whole audio, and drops empty ones', async () => {
  fake.failNext(200, {
    body: { model: 'voxtral-mini-latest', text: ' Bonjour. ', language: null, segments: [] },
  });
  expect(await transcribe()).toEqual({ segments: [{ text: 'Bonjour.', startMs: 0, endMs: durationMs }] });
  fake.failNext(200, {
    body: {
      text: 'Oui',
      segments: [
        { text: ' ', start: 0, end: 1 },
        { text: 'Oui', start: 1, end: 1.5 },
      ],
    },
  });
  expect((await transcribe()).segments).toEqual([{ text: 'Oui', startMs: 1000, endMs: 1500 }]);
});

it('keeps segments Mistral left untimed (start/end null, as its SDK types allow), placed between their timed neighbours', async () => {
  const segment = (text: string, start: number | null, end: number | null) => ({
    type: 'transcription_segment',
    text,
    start,
    end,
  });
  fake.failNext(200, {
    body: {
      model: 'voxtral-mini-2507',
      text: 'Bonjour. Ça va ? Très bien. Merci. Au revoir. À bientôt.',
      language: 'fr',
      segments: [
        segment(' Bonjour.', 0.5, 1.5),
        segment(' Ça va ?', null, null),
        segment(' Très bien.', 2, null),
        segment(' Merci.', 4, 5),
        segment(' Au revoir.', null, null),
        segment(' À bientôt.', null, null),
      ],
      usage: { prompt_audio_seconds: 6, prompt_tokens: 4, completion_tokens: 20, total_tokens: 24 },
    },
  });
  expect(await transcribe()).toEqual({
    segments: [
      { text: 'Bonjour.', startMs: 500, endMs: 1500 },
      { text: 'Ça va ?', startMs: 1500, endMs: 2000 },
      { text: 'Très bien.', startMs: 2000, endMs: 4000 },
      { text: 'Merci.', startMs: 4000, endMs: 5000 },
      // Two untimed segments at the end share the rest of the audio by their length.
      { text: 'Au revoir.', startMs: 5000, endMs: 5500 },
      { text: 'À bientôt.', startMs: 5500, endMs: durationMs },
    ],
    language: 'fr',
  });
});

it('reports the real upload bytes and then that Mistral is transcribing', async () => {
  const progress: FileTranscriptionProgress[] = [];
  await transcribe({ onProgress: (event) => progress.push(event) });
  const sentLength = Number(fake.requests[0]?.headers['content-length']);
  expect(progress.slice(-2)).toEqual([
    { phase: 'uploading', sentBytes: sentLength, totalBytes: sentLength },
    { phase: 'processing' },
  ]);
});

it("fails permanently with Mistral's message for a refused file", async () => {
  const notAudio = join(speech.folder, 'not-audio.wav');
  writeFileSync(notAudio, 'plain text');
  await expect(transcribe({ path: notAudio })).rejects.toMatchObject({
    kind: 'permanent',
    status: 400,
    message: 'Mistral refused the request (HTTP 400): Invalid audio file',
  });
  const large = join(speech.folder, 'large.wav');
  writeFileSync(large, silentWav(40_000));
  await expect(transcribe({ path: large })).rejects.toMatchObject({ kind: 'permanent', status: 413 });
});

it('names Mistral when the answer has an unexpected shape', async () => {
  fake.failNext(200, { body: { transcript: 'no text field' } });
  await expect(transcribe()).rejects.toMatchObject({
    kind: 'permanent',
    message: 'Mistral answered in an unexpected shape.',
  });
});
