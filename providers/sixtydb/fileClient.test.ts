import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import { readMultipartForm } from '../../test/fakes/multipartForm.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { sixtyDbFakeApiKey, startSixtyDbFake } from '../../test/fakes/sixtydb/server.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { silentWav } from '../../test/fakes/wavAudio.ts';
import { ProviderError } from '../http/providerError.ts';
import { sixtyDbConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata, sixtyDbMaxRequestBytes } from './metadata.ts';

const speech = useSpeechFile('sixtydb', 4_000);
const { bytes: wav, durationMs } = speech;
let fake: ProviderFake;

beforeAll(async () => {
  fake = await startSixtyDbFake();
});
afterAll(async () => {
  await fake.close();
});

function transcribe(
  options: {
    config?: Record<string, unknown>;
    hints?: string[];
    path?: string;
    signal?: AbortSignal;
    vocabulary?: string[];
  } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    vocabulary: options.vocabulary,
    wavPath: options.path,
    languageHints: options.hints,
    config: sixtyDbConfigSchema.parse({ apiKey: sixtyDbFakeApiKey, ...options.config }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
  });
}

async function lastForm(): Promise<FormData> {
  const request = fake.requests.at(-1);
  if (request === undefined) throw new Error('the fake saw no request');
  return readMultipartForm(request);
}

function textFields(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

it('posts the WAV as multipart to /stt with a Bearer key and asks for word timestamps', async () => {
  await transcribe().result;
  const request = fake.requests.at(-1);
  expect(request?.method).toBe('POST');
  expect(request?.url).toBe('/stt');
  expect(request?.headers.authorization).toBe(`Bearer ${sixtyDbFakeApiKey}`);
  const form = await lastForm();
  const file = form.get('file') as File;
  expect(file.name).toBe('audio.wav');
  expect(file.type).toBe('audio/wav');
  expect(Buffer.from(await file.arrayBuffer()).equals(wav)).toBe(true);
  expect(textFields(form)).toEqual({ timestamps: 'word' });
});

it('sends one hint as language and several (at most five) as candidate languages', async () => {
  await transcribe({ hints: ['hi'] }).result;
  expect(textFields(await lastForm())).toEqual({ language: 'hi', timestamps: 'word' });
  await transcribe({ hints: ['hi', 'en', 'ta', 'te', 'bn', 'mr'] }).result;
  expect(textFields(await lastForm())).toEqual({ languages: 'hi,en,ta,te,bn', timestamps: 'word' });
});

it('sends the vocabulary as comma-separated keywords, leaving out terms that hold a comma or a colon', async () => {
  await transcribe({ vocabulary: ['UPI', 'NEFT', 'Rs, lakh', 'ratio 1:2'] }).result;
  expect(textFields(await lastForm()).keywords).toBe('UPI,NEFT');
});

it('turns segments timed in seconds into millisecond segments with their language', async () => {
  const { segments, language } = await transcribe({ hints: ['hi'] }).result;
  const sentences = cannedSentences(durationMs);
  expect(segments.map((segment) => [segment.startMs, segment.endMs, segment.language])).toEqual(
    sentences.map((sentence) => [sentence.words[0]?.startMs, sentence.words.at(-1)?.endMs, 'hi']),
  );
  expect(segments[0]?.text).toBe('The quick brown fox jumps over the lazy.');
  expect(language).toBe('hi');
});

it('keeps the words 60db nests in each segment, with their times and confidence, and asks for no speakers', async () => {
  const { segments } = await transcribe().result;
  expect(segments.map((segment) => segment.words)).toEqual(
    cannedSentences(durationMs).map((sentence) =>
      sentence.words.map((word) => ({
        text: word.word,
        startMs: word.startMs,
        endMs: word.endMs,
        confidence: 0.93,
      })),
    ),
  );
  expect(segments.every((segment) => segment.speaker === null)).toBe(true);
  expect((await lastForm()).has('diarize')).toBe(false);
});

it('sends diarize when enableSpeakerDiarization is set and labels segments and words with their speaker', async () => {
  const { segments } = await transcribe({ config: { enableSpeakerDiarization: true } }).result;
  expect((await lastForm()).get('diarize')).toBe('true');
  segments.forEach((segment, index) => {
    const speaker = `SPEAKER_0${index % 2}`;
    expect(segment.speaker).toBe(speaker);
    expect(segment.words?.every((word) => word.speaker === speaker)).toBe(true);
  });
});

it('keeps the first speaker label of a segment and drops empty segments', async () => {
  fake.failNext(200, {
    body: {
      success: true,
      language: 'en',
      segments: [
        {
          start: 0,
          end: 1.2344,
          text: ' Namaste. ',
          speakers: [{ speaker: 'SPEAKER_01', start: 0, end: 1.2 }],
        },
        { start: 1.3, end: 1.5, text: '' },
      ],
    },
  });
  expect((await transcribe({ config: { enableSpeakerDiarization: true } }).result).segments).toEqual([
    { text: 'Namaste.', startMs: 0, endMs: 1234, speaker: 'SPEAKER_01', language: 'en' },
  ]);
});

it('gives a segment the speaker 60db lists for most of it, as its documented speakers carry times, and each word the speaker of its turn', async () => {
  fake.failNext(200, {
    body: {
      request_id: 'req_6822626d028743f5942526e0c08fa60c',
      language: 'en',
      language_name: 'English',
      languages: null,
      language_source: 'fast_path',
      duration_sec: 3.1,
      text: 'Yes. I agree with that.',
      segments: [
        {
          start: 0,
          end: 3.1,
          language: 'en',
          language_name: 'English',
          text: 'Yes. I agree with that.',
          confidence: 0.9,
          words: [
            { word: 'Yes.', start: 0, end: 0.4, confidence: 0.8 },
            { word: 'I', start: 0.6, end: 0.7, confidence: 0.9 },
          ],
          speakers: [
            { speaker: 'SPEAKER_00', start: 0, end: 0.4 },
            { speaker: 'SPEAKER_01', start: 0.5, end: 3.1 },
          ],
        },
      ],
      words: [],
      warnings: [],
      warning_codes: [],
    },
  });
  expect((await transcribe({ config: { enableSpeakerDiarization: true } }).result).segments).toEqual([
    {
      text: 'Yes. I agree with that.',
      startMs: 0,
      endMs: 3100,
      speaker: 'SPEAKER_01',
      language: 'en',
      words: [
        { text: 'Yes.', startMs: 0, endMs: 400, speaker: 'SPEAKER_00', confidence: 0.8 },
        { text: 'I', startMs: 600, endMs: 700, speaker: 'SPEAKER_01', confidence: 0.9 },
      ],
    },
  ]);
});

it('refuses a WAV over 10 MB before sending a byte, and sends one of exactly 10 MB', async () => {
  expect(metadata.fileLimits.maxBytes).toBe(10_000_000);
  const atLimit = silentWav(300_000);
  const exact = Buffer.concat([atLimit, Buffer.alloc(sixtyDbMaxRequestBytes - atLimit.length)]);
  const exactPath = join(speech.folder, 'exact.wav');
  writeFileSync(exactPath, exact);
  await expect(transcribe({ path: exactPath }).result).resolves.toHaveProperty('segments');

  const overPath = join(speech.folder, 'over.wav');
  writeFileSync(overPath, Buffer.concat([exact, Buffer.alloc(1)]));
  const before = fake.requests.length;
  const failure = await transcribe({ path: overPath }).result.catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({
    kind: 'permanent',
    message:
      '60db takes at most 10 MB (10,000,000 bytes) per request, but this audio is 10,000,001 bytes; it has to be sent in shorter parts.',
  });
  expect(fake.requests.length).toBe(before);
});

it('the fake answers 413 to a file over 10 MB, as 60db does', async () => {
  const form = new FormData();
  form.set('file', new Blob([Buffer.alloc(10_000_001)], { type: 'audio/wav' }), 'audio.wav');
  const response = await fetch(`${fake.baseUrl}/stt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sixtyDbFakeApiKey}` },
    body: form,
  });
  expect(response.status).toBe(413);
  expect(await response.json()).toMatchObject({ success: false, error: 'file_too_large' });
});

it('reports an unsupported language with 60db’s message, without retrying', async () => {
  const before = fake.requests.length;
  await expect(transcribe({ hints: ['ja'] }).result).rejects.toMatchObject({
    kind: 'permanent',
    status: 400,
    message: "60db refused the request (HTTP 400): Language 'ja' is not supported.",
  });
  expect(fake.requests.length - before).toBe(1);
});

it('treats success: false in a 200 answer as a permanent failure with 60db’s message', async () => {
  fake.failNext(200, {
    body: { success: false, error: 'quota_exceeded', message: 'Monthly quota exceeded.' },
  });
  await expect(transcribe().result).rejects.toMatchObject({
    kind: 'permanent',
    message: '60db could not transcribe the audio: Monthly quota exceeded.',
  });
});

it('refuses a wrong key with 401 and never echoes it', async () => {
  const failure = await transcribe({ config: { apiKey: 'sk_live_wrong_7654321' } }).result.catch(
    (error: unknown) => error,
  );
  expect(failure).toMatchObject({ kind: 'permanent', status: 401 });
  expect((failure as Error).message).not.toContain('sk_live_wrong_7654321');
});

it('reports upload progress in real bytes of the multipart body, then processing', async () => {
  const { result, progress } = transcribe();
  await result;
  const body = fake.requests.at(-1)?.body.length;
  expect(progress.filter((event) => event.phase === 'uploading').at(-1)).toEqual({
    phase: 'uploading',
    sentBytes: body,
    totalBytes: body,
  });
  expect(progress.at(-1)).toEqual({ phase: 'processing' });
});

it('stops waiting for a held answer when cancelled', async () => {
  fake.holdJobs(true);
  const controller = new AbortController();
  const before = fake.requests.length;
  const outcome = transcribe({ signal: controller.signal }).result.catch((error: unknown) => error);
  while (fake.requests.length === before) await sleep(5);
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  fake.holdJobs(false);
});
