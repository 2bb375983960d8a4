import { afterEach, expect, it } from 'vitest';

import { openDirectStream, sendInFrames } from '../../test/conformance/liveStreams.ts';
import { deepgramFakeApiKey } from '../../test/fakes/deepgram/server.ts';
import {
  checkDeepgramUpgrade,
  startDeepgramStreamingFake,
} from '../../test/fakes/deepgram/streamingServer.ts';
import { markedSentences, markedSpeech } from '../../test/fakes/streaming/markedSpeech.ts';
import { type StreamingFake, startStreamingFake } from '../../test/fakes/streaming/streamingFake.ts';
import type { LiveEvent, ProviderDefinition } from '../contract.ts';
import { definition } from './definition.ts';

const deepgram = definition as ProviderDefinition<unknown>;
let fake: StreamingFake | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A Results message as listen v1 sends it; `isFinal` undefined leaves the optional field out. */
function results(
  transcript: string,
  start: number,
  duration: number,
  isFinal: boolean | undefined,
  words: readonly Record<string, unknown>[] = [],
) {
  return {
    type: 'Results',
    channel_index: [0, 1],
    start,
    duration,
    ...(isFinal === undefined ? {} : { is_final: isFinal }),
    channel: { alternatives: [{ transcript, confidence: 0.97, words }] },
    metadata: { request_id: 'scripted', model_info: { name: 'general-nova-3', arch: 'nova-3' } },
  };
}

/** A Deepgram stand-in that answers the first audio with `messages` and CloseStream with Metadata. */
function scriptedDeepgram(messages: readonly Record<string, unknown>[]) {
  return startStreamingFake({
    paths: ['/v1/listen'],
    checkUpgrade: checkDeepgramUpgrade,
    connected: (wire) => {
      let answered = false;
      return (data, isBinary) => {
        if (isBinary && !answered) {
          answered = true;
          for (const message of messages) wire.send(message);
        }
        if (!isBinary && (JSON.parse(data.toString('utf8')) as { type?: string }).type === 'CloseStream') {
          wire.send({ type: 'Metadata', request_id: 'scripted', duration: 1, channels: 1 });
          wire.close(1000);
        }
      };
    },
  });
}

it('reads Results without is_final (optional in the SDK) as interim text, not as a broken answer', async () => {
  fake = await scriptedDeepgram([
    results('hello the', 0, 0.8, undefined),
    results('Hello there.', 0, 1.2, true),
  ]);
  const { stream, events, next } = openDirectStream(deepgram, {
    apiKey: deepgramFakeApiKey,
    endpoint: fake.baseUrl,
  });
  await next((event) => event.type === 'ready');
  stream.sendAudio(Buffer.alloc(3200));
  await next((event) => event.type === 'final');
  await stream.finish(5000);
  const said = events.filter((event): event is Extract<LiveEvent, { text: string }> => 'text' in event);
  expect(said).toEqual([
    { type: 'partial', text: 'hello the', startMs: 0, endMs: 800, language: null },
    { type: 'final', text: 'Hello there.', startMs: 0, endMs: 1200, language: null },
  ]);
  expect(events.some((event) => event.type === 'error')).toBe(false);
  expect(events.at(-1)).toEqual({ type: 'finished' });
});

it('opens the stream with each vocabulary term as a keyterm in the query', async () => {
  fake = await scriptedDeepgram([results('Earshot.', 0, 1, true)]);
  const { stream, next } = openDirectStream(
    deepgram,
    { apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl },
    [],
    ['Earshot', 'Kelly Byrne-Donoghue'],
  );
  await next((event) => event.type === 'ready');
  await stream.finish(5000);
  expect(fake.connections[0]?.url.searchParams.getAll('keyterm')).toEqual([
    'Earshot',
    'Kelly Byrne-Donoghue',
  ]);
});

/** Streams twelve words in two sentences to the Deepgram fake and returns the finals it gave. */
async function finalsFor(config: Record<string, unknown> = {}) {
  fake = await startDeepgramStreamingFake();
  const { stream, events, next } = openDirectStream(deepgram, {
    apiKey: deepgramFakeApiKey,
    endpoint: fake.baseUrl,
    ...config,
  });
  await next((event) => event.type === 'ready');
  sendInFrames(stream, markedSpeech(markedSentences(12)));
  await stream.finish(5000);
  return events.filter((event): event is Extract<LiveEvent, { type: 'final' }> => event.type === 'final');
}

it('puts each final’s timed words on it, in ms of the stream’s audio, with their confidence', async () => {
  const finals = await finalsFor();
  expect(finals.length).toBeGreaterThan(1);
  for (const final of finals) {
    expect(final.words?.map((word) => word.text).join(' ')).toBe(final.text);
    expect(final.words?.[0]?.startMs).toBe(final.startMs);
    expect(final.words?.at(-1)?.endMs).toBe(final.endMs);
    expect(final.words?.every((word) => word.confidence === 0.97 && word.speaker === undefined)).toBe(true);
    expect(final).not.toHaveProperty('speaker');
  }
  expect(fake?.connections[0]?.url.searchParams.has('diarize')).toBe(false);
});

it('asks for diarize when enableSpeakerDiarization is on, and labels finals and words with their speakers', async () => {
  const finals = await finalsFor({ enableSpeakerDiarization: true });
  expect(fake?.connections[0]?.url.searchParams.get('diarize')).toBe('true');
  expect(finals.map((final) => final.speaker)).toEqual(finals.map((_, index) => String(index % 2)));
  for (const final of finals) expect(final.words?.every((word) => word.speaker === final.speaker)).toBe(true);
});

it('labels a final that holds two speakers with the one heard longest; each word keeps its own', async () => {
  fake = await scriptedDeepgram([
    results('Yes. I think so.', 0, 2, true, [
      { word: 'yes', punctuated_word: 'Yes.', start: 0, end: 0.3, confidence: 0.9, speaker: 0 },
      { word: 'i', punctuated_word: 'I', start: 0.5, end: 0.7, confidence: 0.9, speaker: 1 },
      { word: 'think', punctuated_word: 'think', start: 0.7, end: 1.2, confidence: 0.9, speaker: 1 },
      { word: 'so', punctuated_word: 'so.', start: 1.2, end: 2, confidence: 0.9, speaker: 1 },
    ]),
  ]);
  const { stream, next } = openDirectStream(deepgram, {
    apiKey: deepgramFakeApiKey,
    endpoint: fake.baseUrl,
    enableSpeakerDiarization: true,
  });
  await next((event) => event.type === 'ready');
  stream.sendAudio(Buffer.alloc(3200));
  const final = await next((event) => event.type === 'final');
  await stream.finish(5000);
  expect(final).toMatchObject({ speaker: '1' });
  expect(final).toMatchObject({
    words: [
      { text: 'Yes.', startMs: 0, endMs: 300, speaker: '0', confidence: 0.9 },
      { text: 'I', startMs: 500, endMs: 700, speaker: '1', confidence: 0.9 },
      { text: 'think', startMs: 700, endMs: 1200, speaker: '1', confidence: 0.9 },
      { text: 'so.', startMs: 1200, endMs: 2000, speaker: '1', confidence: 0.9 },
    ],
  });
});
