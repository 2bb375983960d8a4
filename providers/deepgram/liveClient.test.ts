import { afterEach, expect, it } from 'vitest';

import { openDirectStream } from '../../test/conformance/liveStreams.ts';
import { deepgramFakeApiKey } from '../../test/fakes/deepgram/server.ts';
import { checkDeepgramUpgrade } from '../../test/fakes/deepgram/streamingServer.ts';
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
function results(transcript: string, start: number, duration: number, isFinal: boolean | undefined) {
  return {
    type: 'Results',
    channel_index: [0, 1],
    start,
    duration,
    ...(isFinal === undefined ? {} : { is_final: isFinal }),
    channel: { alternatives: [{ transcript, confidence: 0.97, words: [] }] },
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
