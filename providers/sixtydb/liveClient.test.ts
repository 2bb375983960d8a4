import { afterEach, describe, expect, it } from 'vitest';
import { normalisedWords, openDirectStream, sendInFrames } from '../../test/conformance/liveStreams.ts';
import { sixtyDbFakeApiKey } from '../../test/fakes/sixtydb/server.ts';
import { startSixtyDbStreamingFake } from '../../test/fakes/sixtydb/streamingServer.ts';
import {
  markedSentences,
  markedSpeech,
  markedText,
  vocabularyWord,
} from '../../test/fakes/streaming/markedSpeech.ts';
import {
  type FakeWire,
  type StreamingFake,
  startStreamingFake,
} from '../../test/fakes/streaming/streamingFake.ts';
import type { LiveEvent, ProviderDefinition } from '../contract.ts';
import { definition } from './definition.ts';

const sixtyDb = definition as ProviderDefinition<unknown>;
let fake: StreamingFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function open(baseUrl: string, languageHints: readonly string[] = [], vocabulary: readonly string[] = []) {
  return openDirectStream(
    sixtyDb,
    { apiKey: sixtyDbFakeApiKey, endpoint: baseUrl },
    languageHints,
    vocabulary,
  );
}

/** A vendor that greets each connection and answers each JSON message as the test scripts it. */
async function scriptedVendor(
  greet: (wire: FakeWire) => void,
  answer: (message: { type?: unknown }, wire: FakeWire) => void = () => undefined,
) {
  fake = await startStreamingFake({
    paths: ['/ws/stt'],
    connected: (wire) => {
      greet(wire);
      return (data) => answer(JSON.parse(data.toString('utf8')) as { type?: unknown }, wire);
    },
  });
  return fake;
}

const isError = (event: LiveEvent) => event.type === 'error';
const finals = (events: LiveEvent[]) => events.filter((event) => event.type === 'final');

describe('against the 60db fake', () => {
  it('puts the key in the apiKey query and sends start after connection_established', async () => {
    fake = await startSixtyDbStreamingFake();
    const { stream, next } = open(fake.baseUrl);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    const connection = fake.connections.at(-1);
    expect(connection?.url.pathname).toBe('/ws/stt');
    expect(connection?.url.searchParams.get('apiKey')).toBe(sixtyDbFakeApiKey);
    expect(connection?.textMessages).toEqual([
      {
        type: 'start',
        languages: null,
        config: {
          encoding: 'linear',
          sample_rate: 16000,
          continuous_mode: true,
          utterance_end_ms: 500,
          interim_results_frequency: 300,
        },
      },
      { type: 'stop' },
    ]);
  });

  it("sends the vocabulary as the terms of the start message's context", async () => {
    fake = await startSixtyDbStreamingFake();
    const { stream, next } = open(fake.baseUrl, [], ['UPI', 'NEFT']);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    expect(fake.connections.at(-1)?.textMessages[0]).toMatchObject({ context: { terms: ['UPI', 'NEFT'] } });
  });

  it('offers up to five language candidates', async () => {
    fake = await startSixtyDbStreamingFake();
    const { stream, next } = open(fake.baseUrl, ['hi', 'en', 'ta', 'bn', 'mr', 'gu']);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    expect(fake.connections.at(-1)?.textMessages[0]).toMatchObject({
      languages: ['hi', 'en', 'ta', 'bn', 'mr'],
    });
  });

  it('sends audio as base64 linear PCM16 in JSON, never as binary frames', async () => {
    fake = await startSixtyDbStreamingFake();
    const { stream, next } = open(fake.baseUrl);
    await next((event) => event.type === 'ready');
    const pcm = markedSpeech([0, 1]);
    stream.sendAudio(new Uint8Array(0));
    sendInFrames(stream, pcm);
    await stream.finish(5000);
    const connection = fake.connections.at(-1);
    const audio = (connection?.textMessages ?? []).filter(
      (message): message is { type: 'audio'; audio: string } =>
        (message as { type?: unknown }).type === 'audio',
    );
    expect(connection?.binaryFrames).toBe(0);
    expect(audio).toHaveLength(pcm.length / 3200);
    expect(audio[0]).toMatchObject({ encoding: 'linear', sample_rate: 16000 });
    expect(Buffer.concat(audio.map((message) => Buffer.from(message.audio, 'base64')))).toEqual(pcm);
  });

  it('reports one final per sentence when 60db refines each sentence in two phases', async () => {
    fake = await startSixtyDbStreamingFake({ twoPhaseFinals: 'always' });
    const words = markedSentences(12);
    const { stream, events, next } = open(fake.baseUrl);
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech(words));
    await stream.finish(5000);
    expect(events.at(-1)).toEqual({ type: 'finished' });
    const committed = finals(events);
    expect(committed).toHaveLength(2);
    expect(committed.every((event) => /^[A-Z].*\.$/.test(event.text))).toBe(true);
    expect(normalisedWords(committed.map((event) => event.text).join(' '))).toBe(markedText(words));
    expect(committed[0]).toMatchObject({ startMs: 0, endMs: 2400, language: 'en' });
    const fast = events.filter(
      (event) => event.type === 'partial' && event.text === committed[0]?.text.slice(0, -1).toLowerCase(),
    );
    expect(fast).toHaveLength(1);
  });

  it('gives each final its timed words, and sends diarize only when enableSpeakerDiarization is set', async () => {
    fake = await startSixtyDbStreamingFake();
    const { stream, events, next } = open(fake.baseUrl);
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech(markedSentences(8, 4)));
    await stream.finish(5000);
    const [first] = finals(events);
    expect(first?.type === 'final' && first.words).toEqual(
      [0, 1, 2, 3].map((position) => ({
        text: vocabularyWord(position),
        startMs: position * 400,
        endMs: (position + 1) * 400,
        confidence: 0.93,
      })),
    );
    expect(first?.type === 'final' && first.speaker).toBeUndefined();
    const start = fake.connections.at(-1)?.textMessages[0] as { config?: Record<string, unknown> };
    expect(start.config).not.toHaveProperty('diarize');
  });

  it('with enableSpeakerDiarization, sends diarize and labels finals and their words with the speaker', async () => {
    fake = await startSixtyDbStreamingFake();
    const { stream, events, next } = openDirectStream(
      sixtyDb,
      { apiKey: sixtyDbFakeApiKey, endpoint: fake.baseUrl, enableSpeakerDiarization: true },
      [],
    );
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech(markedSentences(8, 4)));
    await stream.finish(5000);
    const start = fake.connections.at(-1)?.textMessages[0] as { config?: Record<string, unknown> };
    expect(start.config).toMatchObject({ diarize: true });
    const committed = finals(events);
    expect(committed).toHaveLength(2);
    committed.forEach((final, index) => {
      const speaker = `SPEAKER_0${index % 2}`;
      expect(final.type === 'final' && final.speaker).toBe(speaker);
      expect(final.type === 'final' && final.words?.every((word) => word.speaker === speaker)).toBe(true);
    });
  });

  it.each([
    [402, 'payment_required', true],
    [429, 'rate_limited', false],
    [503, 'upstream_error', false],
  ])('maps the in-band refusal standing for HTTP %i to %s', async (status, code, permanent) => {
    fake = await startSixtyDbStreamingFake();
    fake.rejectNext(status);
    const { next } = open(fake.baseUrl);
    expect(await next(isError)).toMatchObject({ code, permanent });
  });

  it('reports an unsupported language as a bad request, naming it', async () => {
    fake = await startSixtyDbStreamingFake();
    const { next } = open(fake.baseUrl, ['ja']);
    expect(await next(isError)).toMatchObject({
      code: 'bad_request',
      message: '60db reported an error (UNSUPPORTED_LANGUAGE): Language "ja" is not supported.',
    });
  });
});

describe('protocol variants', () => {
  it('waits for connection_established given as a property, and takes "connected" after start as ready', async () => {
    const received: unknown[] = [];
    const vendor = await scriptedVendor(
      (wire) => {
        wire.send({ type: 'connecting' });
        setTimeout(() => wire.send({ type: 'welcome', connection_established: true }), 50);
      },
      (message, wire) => {
        received.push(message);
        if (message.type === 'start') wire.send({ type: 'connected' });
      },
    );
    const { next } = open(vendor.baseUrl);
    await next((event) => event.type === 'ready');
    expect(received).toMatchObject([{ type: 'start' }]);
  });

  it('does not take "connected" before start as ready', async () => {
    const vendor = await scriptedVendor((wire) => wire.send({ type: 'connected', server_info: {} }));
    const { events } = open(vendor.baseUrl);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
    expect(vendor.connections.at(-1)?.textMessages).toEqual([]);
  });

  it('commits a sentence that never got its speech_final when the session stops, with its words, and times it from them', async () => {
    const vendor = await scriptedVendor(
      (wire) => wire.send({ type: 'connection_established' }),
      (message, wire) => {
        if (message.type === 'start') wire.send({ type: 'session_started', session_id: 's_1' });
        if (message.type !== 'stop') return;
        wire.send({
          type: 'transcription',
          text: 'namaste',
          is_final: true,
          speech_final: false,
          sentence_id: 4,
          words: [{ word: 'namaste', start: 1.25, end: 1.9 }],
        });
        wire.send({ type: 'session_stopped', billing_summary: { total_cost: 0.00004 } });
      },
    );
    const { stream, events, next } = open(vendor.baseUrl);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    expect(events.slice(1)).toEqual([
      { type: 'partial', text: 'namaste', startMs: 1250, endMs: 1900, language: null },
      {
        type: 'final',
        text: 'namaste',
        startMs: 1250,
        endMs: 1900,
        language: null,
        words: [{ text: 'namaste', startMs: 1250, endMs: 1900 }],
      },
      { type: 'finished' },
    ]);
  });

  it.each([
    [1008, 'INSUFFICIENT_CREDITS', 'payment_required'],
    [1008, 'Invalid API key', 'unauthorized'],
    [1008, 'Workspace access forbidden', 'forbidden'],
    [1008, '', 'unauthorized'],
    [1013, 'RATE_LIMIT_EXCEEDED', 'rate_limited'],
    [1011, '', 'upstream_error'],
  ])('reads close %i "%s" without an error message as %s', async (closeCode, reason, code) => {
    const vendor = await scriptedVendor((wire) => wire.close(closeCode, reason));
    const { next } = open(vendor.baseUrl);
    expect(await next(isError)).toMatchObject({ code });
  });

  it('reads an error message by its code, or by its text when the code says nothing, without the key', async () => {
    const vendor = await scriptedVendor((wire) =>
      wire.send({ type: 'error', error: `Invalid key ${sixtyDbFakeApiKey}`, error_code: 'E42' }),
    );
    const { events, next } = open(vendor.baseUrl);
    expect(await next(isError)).toMatchObject({
      code: 'unauthorized',
      permanent: true,
      message: '60db reported an error (E42): Invalid key [redacted]',
    });
    expect(JSON.stringify(events)).not.toContain(sixtyDbFakeApiKey);
  });
});
