import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

import { type FollowedStream, followStream, sendInFrames } from '../../test/conformance/liveStreams.ts';
import { gladiaFakeApiKey } from '../../test/fakes/gladia/server.ts';
import {
  type GladiaStreamingFake,
  startGladiaStreamingFake,
} from '../../test/fakes/gladia/streamingServer.ts';
import { markedSentences, markedSpeech } from '../../test/fakes/streaming/markedSpeech.ts';
import type { LiveEvent } from '../contract.ts';
import { gladiaConfigSchema } from './config.ts';
import { liveClient } from './liveClient.ts';

let fake: GladiaStreamingFake;
let opened: FollowedStream[] = [];

beforeAll(async () => {
  fake = await startGladiaStreamingFake();
});
afterEach(() => {
  for (const followed of opened) followed.stream.close();
  opened = [];
});
afterAll(() => fake.close());

const isError = (event: LiveEvent) => event.type === 'error';

function open(
  config: Record<string, unknown> = {},
  languageHints: readonly string[] = [],
  vocabulary: readonly string[] = [],
) {
  const followed = followStream((onEvent) =>
    liveClient.open({
      config: gladiaConfigSchema.parse({ apiKey: gladiaFakeApiKey, endpoint: fake.baseUrl, ...config }),
      languageHints,
      vocabulary,
      audioFormat: 'pcm16',
      onEvent,
    }),
  );
  opened.push(followed);
  return followed;
}

async function sessionSettings(config: Record<string, unknown>, languageHints: readonly string[]) {
  const { next } = open(config, languageHints);
  await next((event) => event.type === 'ready');
  return fake.sessions.at(-1)?.settings;
}

it('opens live sessions on solaria-1 whatever the file model, with partials and lifecycle events on', async () => {
  const settings = await sessionSettings({ fileModel: 'solaria-3' }, ['fr']);
  expect(settings).toMatchObject({
    encoding: 'wav/pcm',
    bit_depth: 16,
    sample_rate: 16_000,
    channels: 1,
    model: 'solaria-1',
    language_config: { languages: ['fr'], code_switching: false },
    messages_config: {
      receive_partial_transcripts: true,
      receive_final_transcripts: true,
      receive_errors: true,
      receive_lifecycle_events: true,
    },
  });
  expect(JSON.stringify(settings)).not.toContain('solaria-3');
});

it.each([
  [[], true],
  [['en'], false],
  [['en', 'de'], true],
])('asks for code switching with the hints %j: %s', async (languageHints, codeSwitching) => {
  const settings = await sessionSettings({}, languageHints);
  expect(settings?.language_config).toEqual({ languages: languageHints, code_switching: codeSwitching });
});

it('opens the session with the vocabulary under realtime_processing', async () => {
  const { next } = open({}, ['en'], ['Earshot', 'Kelly Byrne-Donoghue']);
  await next((event) => event.type === 'ready');
  expect(fake.sessions.at(-1)?.settings).toMatchObject({
    realtime_processing: {
      custom_vocabulary: true,
      custom_vocabulary_config: { vocabulary: ['Earshot', 'Kelly Byrne-Donoghue'] },
    },
  });
});

it('reports utterance times in ms from the seconds Gladia gives, with the utterance language', async () => {
  const { stream, events, next } = open({}, ['fr']);
  await next((event) => event.type === 'ready');
  sendInFrames(stream, markedSpeech(markedSentences(6)));
  await stream.finish(5000);
  const finals = events.filter((event) => event.type === 'final');
  expect(finals).toEqual([expect.objectContaining({ startMs: 0, endMs: 2400, language: 'fr' })]);
  expect(events.at(-1)).toEqual({ type: 'finished' });
});

it('puts each final’s words on it in ms, trimmed of the leading space, and none on partials', async () => {
  // The switch covers files only: Gladia's live init takes no diarization.
  const { stream, events, next } = open({ enableSpeakerDiarization: true }, ['en']);
  await next((event) => event.type === 'ready');
  sendInFrames(stream, markedSpeech(markedSentences(6)));
  await stream.finish(5000);
  const [final] = events.filter((event) => event.type === 'final');
  expect(final?.words).toHaveLength(6);
  expect(final?.words?.map((word) => word.text).join(' ')).toBe(final?.text);
  expect(final?.words?.[0]).toMatchObject({ startMs: 0, endMs: 400, confidence: 0.93 });
  expect(final?.words?.at(-1)?.endMs).toBe(2400);
  expect(final?.words?.every((word) => word.speaker === undefined)).toBe(true);
  expect(events.some((event) => event.type === 'partial' && 'words' in event)).toBe(false);
  expect(JSON.stringify(fake.sessions.at(-1)?.settings)).not.toContain('diariz');
});

it('is ready once the socket opens and streams audio before Gladia has said anything, as the SDK does', async () => {
  const { stream, events, next } = open();
  await next((event) => event.type === 'ready');
  stream.sendAudio(markedSpeech(markedSentences(1)));
  await stream.finish(5000);
  const connection = fake.connections.at(-1);
  expect(connection?.binaryFrames).toBeGreaterThan(0);
  expect(events.filter((event) => event.type === 'ready')).toHaveLength(1);
  expect(events.at(-1)).toEqual({ type: 'finished' });
});

it('takes a ws(s) endpoint for the session init as well as an http(s) one', async () => {
  const { next } = open({ endpoint: fake.baseUrl.replace(/^http:/, 'ws:') });
  await expect(next((event) => event.type === 'ready' || isError(event))).resolves.toEqual({ type: 'ready' });
});

it.each([
  [400, 'bad_request', true],
  [403, 'forbidden', true],
  [402, 'payment_required', true],
  [429, 'rate_limited', false],
  [503, 'upstream_error', false],
])('maps a session init refused with HTTP %i to %s', async (status, code, permanent) => {
  fake.rejectNext(status);
  const { events, next } = open();
  const error = await next(isError);
  expect(error).toMatchObject({ code, permanent });
  expect(error).toMatchObject({ message: expect.stringContaining(`HTTP ${status}`) as string });
  expect(events.some((event) => event.type === 'ready')).toBe(false);
});

it('reads an error message from data.message with its status, or from message', async () => {
  fake.errorNext(() => ({ type: 'error', data: { message: 'Unsupported audio format', code: 400 } }));
  const first = open();
  expect(await first.next(isError)).toMatchObject({
    code: 'bad_request',
    permanent: true,
    message: 'Gladia reported an error: Unsupported audio format.',
  });
  fake.errorNext(() => ({ type: 'error', message: 'Transcription worker crashed' }));
  const second = open();
  expect(await second.next(isError)).toMatchObject({
    code: 'upstream_error',
    permanent: false,
    message: 'Gladia reported an error: Transcription worker crashed.',
  });
});

it('keeps the session token, a credential, out of every message', async () => {
  fake.errorNext((session) => ({ type: 'error', data: { message: `token ${session.token} has expired` } }));
  const { next } = open();
  const error = await next(isError);
  const token = fake.sessions.at(-1)?.token ?? '';
  expect(token).not.toBe('');
  expect(JSON.stringify(error)).not.toContain(token);
  expect(error).toMatchObject({ message: expect.stringContaining('[redacted]') as string });
});
