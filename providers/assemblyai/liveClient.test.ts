import { afterEach, beforeAll, afterAll, expect, it } from 'vitest';

import {
  type FollowedStream,
  followStream,
  normalisedWords,
  sendInFrames,
} from '../../test/conformance/liveStreams.ts';
import { assemblyAiFakeApiKey } from '../../test/fakes/assemblyai/server.ts';
import { startAssemblyAiStreamingFake } from '../../test/fakes/assemblyai/streamingServer.ts';
import { markedSentences, markedSpeech, markedText } from '../../test/fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../../test/fakes/streaming/streamingFake.ts';
import type { LiveEvent } from '../contract.ts';
import { assemblyAiConfigSchema } from './config.ts';
import { liveClient } from './liveClient.ts';
import { streamingError } from './streamingErrors.ts';

let fake: StreamingFake;
let opened: FollowedStream[] = [];

beforeAll(async () => {
  fake = await startAssemblyAiStreamingFake();
});
afterEach(() => {
  for (const followed of opened) followed.stream.close();
  opened = [];
});
afterAll(() => fake.close());

const isError = (event: LiveEvent) => event.type === 'error';
const words = markedSentences(12);
const speech = markedSpeech(words);

function open(config: Record<string, unknown> = {}, endpoint = fake.baseUrl, vocabulary: string[] = []) {
  const followed = followStream((onEvent) =>
    liveClient.open({
      config: assemblyAiConfigSchema.parse({ apiKey: assemblyAiFakeApiKey, endpoint, ...config }),
      languageHints: ['en'],
      vocabulary,
      audioFormat: 'pcm16',
      onEvent,
    }),
  );
  opened.push(followed);
  return followed;
}

async function transcribe(config: Record<string, unknown>, frames: (stream: FollowedStream) => void) {
  const followed = open(config);
  await followed.next((event) => event.type === 'ready');
  frames(followed);
  await followed.stream.finish(5000);
  return followed.events;
}

const finals = (events: LiveEvent[]) => events.filter((event) => event.type === 'final');

it('sends the bare key and asks for PCM16 at 16 kHz with the configured streaming model', async () => {
  await transcribe({}, () => undefined);
  const connection = fake.connections.at(-1);
  expect(connection?.headers.authorization).toBe(assemblyAiFakeApiKey);
  expect(Object.fromEntries(connection?.url.searchParams ?? [])).toEqual({
    sample_rate: '16000',
    encoding: 'pcm_s16le',
    speech_model: 'u3-rt-pro',
  });
  await transcribe({ model: 'universal-streaming-english' }, () => undefined);
  expect(fake.connections.at(-1)?.url.searchParams.get('format_turns')).toBe('true');
});

it('sends the vocabulary as keyterms_prompt, a JSON array in the query, leaving out terms over 50 characters', async () => {
  const followed = open({}, fake.baseUrl, ['Earshot', 'x'.repeat(51), 'Kelly Byrne-Donoghue']);
  await followed.next((event) => event.type === 'ready');
  await followed.stream.finish(5000);
  const sent = fake.connections.at(-1)?.url.searchParams.get('keyterms_prompt');
  expect(JSON.parse(sent ?? 'null')).toEqual(['Earshot', 'Kelly Byrne-Donoghue']);
});

it('gathers tiny frames and splits long ones into 50–1000 ms chunks, padding the last piece', async () => {
  const tail = 320; // 10 ms, sent after the speech
  const events = await transcribe({}, ({ stream }) => {
    sendInFrames(stream, speech.subarray(0, 12_800), 256);
    stream.sendAudio(speech.subarray(12_800));
    stream.sendAudio(Buffer.alloc(tail));
  });
  expect(events.filter(isError)).toEqual([]);
  expect(events.at(-1)).toEqual({ type: 'finished' });
  expect(
    normalisedWords(
      finals(events)
        .map((event) => event.text)
        .join(' '),
    ),
  ).toBe(markedText(words));
  // The 10 ms tail went out padded to 50 ms.
  expect(fake.connections.at(-1)?.audioMs).toBe(speech.length / 32 + 50);
});

it.each(['universal-streaming-english', 'u3-rt-pro'])(
  'commits each turn once, formatted, with %s',
  async (model) => {
    const events = await transcribe({ model }, ({ stream }) => sendInFrames(stream, speech));
    const committed = finals(events);
    expect(committed).toHaveLength(2);
    for (const final of committed) expect(final.text).toMatch(/^[A-Z].*\.$/);
    expect(committed[0]).toMatchObject({ startMs: 0, endMs: 2400 });
    expect(committed[1]).toMatchObject({ startMs: 2800, endMs: 5200 });
  },
);

it('puts each turn’s timed words on its final, in ms of the stream’s audio, with their confidence', async () => {
  const events = await transcribe({}, ({ stream }) => sendInFrames(stream, speech));
  const committed = finals(events);
  expect(committed).toHaveLength(2);
  for (const final of committed) {
    expect(final.words?.map((word) => word.text).join(' ')).toBe(final.text.replace(/\.$/, '').toLowerCase());
    expect(final.words?.[0]?.startMs).toBe(final.startMs);
    expect(final.words?.at(-1)?.endMs).toBe(final.endMs);
    expect(final.words?.every((word) => word.confidence === 0.91 && word.speaker === undefined)).toBe(true);
    expect(final).not.toHaveProperty('speaker');
  }
  expect(events.filter((event) => event.type === 'partial').some((event) => 'words' in event)).toBe(false);
  expect(fake.connections.at(-1)?.url.searchParams.has('speaker_labels')).toBe(false);
});

it('asks for speaker_labels when enableSpeakerDiarization is on, and labels finals and words', async () => {
  const events = await transcribe({ enableSpeakerDiarization: true }, ({ stream }) =>
    sendInFrames(stream, speech),
  );
  expect(fake.connections.at(-1)?.url.searchParams.get('speaker_labels')).toBe('true');
  const committed = finals(events);
  expect(committed.map((final) => final.speaker)).toEqual(['A', 'B']);
  for (const final of committed)
    expect(final.words?.every((word) => word.speaker === final.speaker)).toBe(true);
});

it('refuses a wrong key whether AssemblyAI closes with 1008 or refuses the upgrade with 401', async () => {
  const refusing = await startAssemblyAiStreamingFake({ refuseKeyAtUpgrade: true });
  try {
    for (const endpoint of [fake.baseUrl, refusing.baseUrl]) {
      const { events, next } = open({ apiKey: 'aai-wrong-key-00000000' }, endpoint);
      expect(await next(isError)).toMatchObject({ code: 'unauthorized', permanent: true });
      expect(JSON.stringify(events)).not.toContain('aai-wrong-key-00000000');
    }
  } finally {
    await refusing.close();
  }
});

it.each([
  [402, 'payment_required', true],
  [429, 'rate_limited', false],
  [503, 'upstream_error', false],
])('maps the close standing for HTTP %i to %s', async (status, code, permanent) => {
  fake.rejectNext(status);
  const { next } = open();
  expect(await next(isError)).toMatchObject({ code, permanent });
});

it.each([
  [1008, 'Invalid API key', 'unauthorized'],
  [1008, 'Insufficient account balance', 'payment_required'],
  [3005, 'Session cancelled', 'upstream_error'],
  [3007, 'Input duration violation: 20 ms', 'bad_request'],
  [3008, 'Session expired', 'timeout'],
  [3009, 'Too many concurrent sessions', 'rate_limited'],
  [undefined, 'Invalid API key provided', 'unauthorized'],
  [undefined, 'Your account balance is too low', 'payment_required'],
])('reads close or error code %s (%s) as %s', (vendorCode, reason, code) => {
  expect(streamingError(vendorCode, reason)?.code).toBe(code);
});

it('leaves unknown closes to the link-lost default', () => {
  expect(streamingError(1006, '')).toBeUndefined();
  expect(streamingError(undefined, 'Something odd')).toBeUndefined();
});
