import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import { startFakeHttpServer } from '../../test/fakes/fakeHttpServer.ts';
import { readMultipartForm } from '../../test/fakes/multipartForm.ts';
import { silentWav } from '../../test/fakes/wavAudio.ts';
import { startWhisperCppFake, type WhisperCppFake } from '../../test/fakes/whisper-cpp/server.ts';
import { toneWav } from '../../test/fakes/whisper-cpp/toneWav.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import type { FileTranscriptionProgress } from '../contract.ts';
import { ProviderError } from '../http/providerError.ts';
import { definition } from './definition.ts';

const durationMs = 6_000;
let directory: ReturnType<typeof temporaryDirectory>;
let fake: WhisperCppFake;
const paths = { speech: '', silence: '', quietTone: '', tooShort: '', notAudio: '' };

beforeAll(async () => {
  directory = temporaryDirectory('whisper-cpp');
  const write = (name: string, bytes: Buffer) => {
    const path = join(directory.path, name);
    writeFileSync(path, bytes);
    return path;
  };
  // Sound only in the last 100 ms: the gate must read to the end before it may skip anything.
  paths.speech = write(
    'speech.wav',
    toneWav(durationMs, { toneStartMs: 5_900, toneMs: 100, amplitudeDbfs: -40 }),
  );
  paths.silence = write('silence.wav', silentWav(durationMs));
  paths.quietTone = write(
    'quiet.wav',
    toneWav(durationMs, { toneStartMs: 0, toneMs: 6_000, amplitudeDbfs: -70 }),
  );
  paths.tooShort = write('short.wav', toneWav(60, { toneStartMs: 0, toneMs: 60, amplitudeDbfs: -6 }));
  paths.notAudio = write('not-audio.wav', Buffer.from('this is not a wav file at all'.repeat(50)));
  fake = await startWhisperCppFake();
});
afterAll(async () => {
  await fake.close();
  directory.remove();
});
beforeEach(() => {
  fake.requests.length = 0;
});

function transcribe(
  options: {
    wavPath?: string;
    languageHints?: string[];
    config?: Record<string, unknown>;
    baseUrl?: string;
    signal?: AbortSignal;
    durationMs?: number;
    prompt?: string;
    vocabulary?: string[];
  } = {},
) {
  const progress: FileTranscriptionProgress[] = [];
  const result = definition.transcribeFile({
    wavPath: options.wavPath ?? paths.speech,
    wavBytes: 0,
    durationMs: options.durationMs ?? durationMs,
    languageHints: options.languageHints ?? ['en'],
    config: definition.configSchema.parse({ modelPath: '/models/ggml-base.bin', ...options.config }),
    baseUrl: options.baseUrl ?? fake.baseUrl,
    signal: options.signal ?? new AbortController().signal,
    onProgress: (event) => progress.push(event),
    prompt: options.prompt,
    vocabulary: options.vocabulary,
  });
  return { result, progress };
}

async function sentForm(): Promise<FormData> {
  const inference = fake.requests.filter((request) => request.url === '/inference');
  expect(inference).toHaveLength(1);
  return readMultipartForm(inference[0] as (typeof inference)[number]);
}

describe('whisper.cpp file client: request', () => {
  it('posts the WAV as multipart "file" with verbose_json and the first language hint, without credentials', async () => {
    await transcribe({ languageHints: ['de', 'en'] }).result;
    const form = await sentForm();
    const file = form.get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('audio.wav');
    expect((file as File).type).toBe('audio/wav');
    expect((file as File).size).toBe(
      toneWav(durationMs, { toneStartMs: 0, toneMs: 0, amplitudeDbfs: 0 }).length,
    );
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.get('language')).toBe('de');
    expect(form.get('temperature')).toBe('0');
    expect(form.get('no_language_probabilities')).toBe('true');
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('asks for token timestamps, and sends the prompt only when there is one', async () => {
    await transcribe().result;
    const plain = await sentForm();
    expect(plain.get('token_timestamps')).toBe('true');
    expect(plain.has('prompt')).toBe(false);
    fake.requests.length = 0;
    await transcribe({ prompt: 'What was said before.' }).result;
    expect((await sentForm()).get('prompt')).toBe('What was said before.');
  });

  it('sends the vocabulary in the prompt, ahead of what was said before', async () => {
    await transcribe({ prompt: 'What was said before.', vocabulary: ['Earshot', 'whisper.cpp'] }).result;
    expect((await sentForm()).get('prompt')).toBe('Earshot, whisper.cpp. What was said before.');
  });

  it('asks whisper to detect the language when there is no hint, and reports the detected code', async () => {
    const { language } = await transcribe({ languageHints: [] }).result;
    const form = await sentForm();
    expect(form.get('language')).toBe('auto');
    expect(form.get('no_language_probabilities')).toBe('false');
    expect(language).toBe('en');
  });

  it('does not claim a detected language when it told whisper which one to use', async () => {
    const result = await transcribe({ languageHints: ['en'] }).result;
    expect(result.language).toBeUndefined();
  });

  it('reports upload progress with real byte counts, then processing', async () => {
    const { result, progress } = transcribe();
    await result;
    const uploads = progress.filter((event) => event.phase === 'uploading');
    const total = Number(fake.requests[0]?.headers['content-length']);
    expect(total).toBeGreaterThan(durationMs * 32);
    expect(uploads.at(-1)).toEqual({ phase: 'uploading', sentBytes: total, totalBytes: total });
    expect(progress.at(-1)).toEqual({ phase: 'processing' });
  });
});

describe('whisper.cpp file client: response', () => {
  it('turns verbose_json seconds into integer milliseconds, trims the leading space and keeps the timed words with their probability', async () => {
    const { segments } = await transcribe().result;
    const sentences = cannedSentences(durationMs);
    expect(segments).toHaveLength(sentences.length);
    expect(segments[0]).toEqual({
      text: sentences[0]?.text,
      startMs: 0,
      endMs: 3_120,
      words: sentences[0]?.words.map((word) => ({
        text: word.word,
        startMs: word.startMs,
        endMs: word.endMs,
        confidence: 0.9,
      })),
    });
    expect(segments[1]?.startMs).toBe(3_200);
  });

  it('drops whisper’s non-speech annotations and empty segments, keeping real words', async () => {
    const server = await startFakeHttpServer(() => ({
      body: {
        text: '',
        segments: [
          { text: ' [BLANK_AUDIO]', start: 0, end: 2 },
          { text: ' (wind blowing)', start: 2, end: 3 },
          { text: '   ', start: 3, end: 3.5 },
          { text: ' Ask not what your country can do for you.', start: 3.5, end: 5.25 },
          { text: ' [ Silence ]', start: 5.25, end: 6 },
        ],
      },
    }));
    try {
      const { segments } = await transcribe({ baseUrl: server.baseUrl }).result;
      expect(segments).toEqual([
        { text: 'Ask not what your country can do for you.', startMs: 3_500, endMs: 5_250 },
      ]);
    } finally {
      await server.close();
    }
  });

  it('fails permanently, naming whisper.cpp, when the answer is not verbose_json', async () => {
    const server = await startFakeHttpServer(() => ({ body: { text: ' hello' } }));
    try {
      const failure = await transcribe({ baseUrl: server.baseUrl }).result.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderError);
      expect((failure as ProviderError).kind).toBe('permanent');
      expect((failure as Error).message).toMatch(/whisper\.cpp answered without a segments list/);
    } finally {
      await server.close();
    }
  });

  it('reports the server’s plain "Invalid request" for audio it cannot decode, without retrying', async () => {
    const failure = await transcribe({
      wavPath: paths.notAudio,
      config: { skipSilence: false },
    }).result.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).kind).toBe('permanent');
    expect((failure as ProviderError).status).toBe(400);
    expect((failure as Error).message).toBe('whisper.cpp refused the request (HTTP 400): Invalid request');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('whisper.cpp file client: inference it does not spend', () => {
  it('skips a chunk that is entirely silent without calling the server', async () => {
    const { result, progress } = transcribe({ wavPath: paths.silence });
    expect(await result).toEqual({ segments: [] });
    expect(fake.requests).toHaveLength(0);
    expect(progress).toEqual([]);
  });

  it('skips a chunk whose only sound is below the gate (−70 dBFS)', async () => {
    expect(await transcribe({ wavPath: paths.quietTone }).result).toEqual({ segments: [] });
    expect(fake.requests).toHaveLength(0);
  });

  it('sends a chunk whose sound is only in its last 100 ms', async () => {
    const { segments } = await transcribe({ wavPath: paths.speech }).result;
    expect(segments.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('sends silence too when skipSilence is off', async () => {
    await transcribe({ wavPath: paths.silence, config: { skipSilence: false } }).result;
    expect(fake.requests).toHaveLength(1);
  });

  it('answers a chunk under 100 ms itself (whisper.cpp would fail it with a 500)', async () => {
    expect(await transcribe({ wavPath: paths.tooShort, durationMs: 60 }).result).toEqual({ segments: [] });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('whisper.cpp file client: cancel', () => {
  it('stops at once when cancelled while whisper is working, and hangs up on the server', async () => {
    fake.holdJobs(true);
    const abandonedBefore = fake.abandonedRequests();
    try {
      const controller = new AbortController();
      const outcome = transcribe({ signal: controller.signal }).result.catch((error: unknown) => error);
      while (fake.requests.length === 0) await sleep(5);
      controller.abort();
      const failure = await outcome;
      expect(failure).toBeInstanceOf(ProviderError);
      expect((failure as ProviderError).kind).toBe('cancelled');
      await vi.waitFor(() => expect(fake.abandonedRequests()).toBe(abandonedBefore + 1));
    } finally {
      fake.holdJobs(false);
    }
  });

  it('sends nothing when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const failure = await transcribe({ signal: controller.signal }).result.catch((error: unknown) => error);
    expect((failure as ProviderError).kind).toBe('cancelled');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('whisper.cpp config', () => {
  const parse = (input: unknown) => definition.configSchema.safeParse(input);
  const messages = (input: unknown) => parse(input).error?.issues.map((issue) => issue.message) ?? [];

  it('requires modelPath and says where a model comes from', () => {
    expect(messages({})).toEqual([
      'modelPath is required: the ggml model file (earshot runtime download-model or import-model)',
    ]);
    expect(messages({ modelPath: '  ' })[0]).toMatch(/^modelPath is required/);
  });

  it('defaults the port to 8177, no hints, and the silence gate on', () => {
    expect(parse({ modelPath: '/m.bin' }).data).toEqual({
      modelPath: '/m.bin',
      port: 8177,
      languageHints: [],
      skipSilence: true,
    });
  });

  it('takes binaryPath, port and language hints', () => {
    expect(
      parse({
        modelPath: '/m.bin',
        binaryPath: '/opt/whisper-server',
        port: 9000,
        languageHints: ['EN', 'de'],
      }).data,
    ).toMatchObject({ binaryPath: '/opt/whisper-server', port: 9000, languageHints: ['en', 'de'] });
  });

  it('refuses a port outside 1–65535, a bad hint and an unknown field', () => {
    expect(messages({ modelPath: '/m.bin', port: 70_000 })).toEqual(['port must be from 1 to 65535']);
    expect(messages({ modelPath: '/m.bin', port: '8177' })).toEqual([
      'port must be a number from 1 to 65535',
    ]);
    expect(messages({ modelPath: '/m.bin', languageHints: ['english'] })[0]).toMatch(/ISO 639-1/);
    expect(parse({ modelPath: '/m.bin', apiKey: 'x' }).success).toBe(false);
  });
});

describe('whisper.cpp metadata', () => {
  it('is P14, local, managed-runtime, PCM16, keyless', () => {
    expect(definition.metadata).toMatchObject({
      id: 'whisper-cpp',
      label: 'P14',
      kind: 'local',
      transport: 'rest-local',
      audioInput: 'pcm16',
      executionMode: 'managed-runtime',
      secretFields: [],
      capabilities: { streaming: false, fileTranscription: true, tokenEvents: false },
    });
  });
});
