import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cannedText } from '../../test/fakes/cannedSpeech.ts';
import { readMultipartForm } from '../../test/fakes/multipartForm.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { siliconFlowFakeApiKey, startSiliconFlowFake } from '../../test/fakes/siliconflow/server.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { siliconFlowConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('siliconflow', 4_000);
const { bytes: wav, durationMs } = speech;
let fake: ProviderFake;

beforeAll(async () => {
  fake = await startSiliconFlowFake();
});
afterAll(async () => {
  await fake.close();
});

function transcribe(
  options: { config?: Record<string, unknown>; hints?: string[]; signal?: AbortSignal } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    languageHints: options.hints,
    config: siliconFlowConfigSchema.parse({ apiKey: siliconFlowFakeApiKey, ...options.config }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
  });
}

function lastRequest() {
  const request = fake.requests.at(-1);
  if (request === undefined) throw new Error('the fake saw no request');
  return request;
}

interface ChatRequest {
  model: string;
  temperature: number;
  messages: Array<{ role: string; content: string | Array<Record<string, unknown>> }>;
}

function normalised(text: string): string {
  return text.replace(/[.,!?]/g, '').toLowerCase();
}

it('posts SenseVoice jobs as multipart to /audio/transcriptions with a Bearer key', async () => {
  await transcribe().result;
  const request = lastRequest();
  expect(request.url).toBe('/v1/audio/transcriptions');
  expect(request.headers.authorization).toBe(`Bearer ${siliconFlowFakeApiKey}`);
  const form = await readMultipartForm(request);
  expect(form.get('model')).toBe('FunAudioLLM/SenseVoiceSmall');
  expect(form.has('language')).toBe(false);
  const file = form.get('file') as File;
  expect([file.name, file.type]).toEqual(['audio.wav', 'audio/wav']);
  expect(Buffer.from(await file.arrayBuffer()).equals(wav)).toBe(true);
});

it('sends TeleSpeech when chosen, with the first hint as language', async () => {
  await transcribe({ config: { model: 'TeleAI/TeleSpeechASR' }, hints: ['zh', 'en'] }).result;
  const form = await readMultipartForm(lastRequest());
  expect(form.get('model')).toBe('TeleAI/TeleSpeechASR');
  expect(form.get('language')).toBe('zh');
});

it('returns the text as one segment spanning the chunk, since SiliconFlow gives no timestamps', async () => {
  const { segments } = await transcribe().result;
  expect(segments).toHaveLength(1);
  expect(segments[0]).toMatchObject({ startMs: 0, endMs: durationMs });
  expect(normalised(segments[0]?.text ?? '')).toBe(cannedText(durationMs));
});

it('returns no segment for an empty transcript', async () => {
  fake.failNext(200, { body: { text: '  ' } });
  expect((await transcribe().result).segments).toEqual([]);
});

it('sends Qwen Omni jobs to /chat/completions with the audio as a base64 data URL', async () => {
  const { segments } = await transcribe({
    config: { model: 'Qwen/Qwen3-Omni-30B-A3B-Instruct' },
    hints: ['de'],
  }).result;
  const request = lastRequest();
  expect(request.url).toBe('/v1/chat/completions');
  expect(request.headers.authorization).toBe(`Bearer ${siliconFlowFakeApiKey}`);
  expect(request.headers['content-type']).toBe('application/json');
  const body = JSON.parse(request.body.toString('utf8')) as ChatRequest;
  expect(body.model).toBe('Qwen/Qwen3-Omni-30B-A3B-Instruct');
  expect(body.temperature).toBe(0.1);
  expect(body.messages.map((message) => message.role)).toEqual(['system', 'user']);
  const [audioPart, textPart] = body.messages[1]?.content as Array<Record<string, unknown>>;
  expect(audioPart?.type).toBe('audio_url');
  const url = (audioPart?.audio_url as { url: string }).url;
  expect(url.startsWith('data:audio/wav;base64,')).toBe(true);
  expect(Buffer.from(url.slice('data:audio/wav;base64,'.length), 'base64').equals(wav)).toBe(true);
  expect(textPart).toMatchObject({ type: 'text', text: expect.stringContaining('"de"') as string });
  expect(normalised(segments[0]?.text ?? '')).toBe(cannedText(durationMs));
});

it('reads the Thinking model’s answer without its reasoning', async () => {
  const { segments } = await transcribe({ config: { model: 'Qwen/Qwen3-Omni-30B-A3B-Thinking' } }).result;
  expect(normalised(segments[0]?.text ?? '')).toBe(cannedText(durationMs));
});

it('joins the text parts when the chat answer is a list of parts', async () => {
  fake.failNext(200, {
    body: {
      choices: [
        {
          message: {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Guten ' },
              { type: 'image_url' },
              { type: 'text', text: 'Tag.' },
            ],
          },
        },
      ],
    },
  });
  const { segments } = await transcribe({ config: { model: 'Qwen/Qwen3-Omni-30B-A3B-Instruct' } }).result;
  expect(segments).toEqual([{ text: 'Guten Tag.', startMs: 0, endMs: durationMs }]);
});

it('refuses a wrong key with SiliconFlow’s plain-text 401', async () => {
  const failure = await transcribe({ config: { apiKey: 'sk-sf-wrong-13579' } }).result.catch(
    (error: unknown) => error,
  );
  expect(failure).toMatchObject({
    kind: 'permanent',
    status: 401,
    message: 'SiliconFlow refused the request (HTTP 401): Invalid token',
  });
});

it('the fake keeps speech models off the chat endpoint with SiliconFlow’s error shape', async () => {
  const response = await fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${siliconFlowFakeApiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'FunAudioLLM/SenseVoiceSmall', messages: [] }),
  });
  expect(response.status).toBe(400);
  expect(response.headers.get('x-siliconcloud-trace-id')).toBeTruthy();
  expect(await response.json()).toMatchObject({ code: 20015, data: null });
});

it('reports an answer without text as a permanent error naming SiliconFlow', async () => {
  fake.failNext(200, { body: { result: 'hello' } });
  await expect(transcribe().result).rejects.toMatchObject({
    kind: 'permanent',
    message: expect.stringMatching(/^SiliconFlow answered in an unexpected shape \(text:/) as string,
  });
});

it('reports upload progress over the whole body, then processing', async () => {
  const { result, progress } = transcribe({ config: { model: 'Qwen/Qwen3-Omni-30B-A3B-Instruct' } });
  await result;
  const sent = lastRequest().body.length;
  expect(progress.filter((event) => event.phase === 'uploading').at(-1)).toEqual({
    phase: 'uploading',
    sentBytes: sent,
    totalBytes: sent,
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
