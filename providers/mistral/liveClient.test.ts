import { afterEach, describe, expect, it } from 'vitest';

import { openDirectStream, sendInFrames } from '../../test/conformance/liveStreams.ts';
import { mistralFakeApiKey } from '../../test/fakes/mistral/server.ts';
import { startMistralStreamingFake } from '../../test/fakes/mistral/streamingServer.ts';
import { markedSentences, markedSpeech, vocabularyWord } from '../../test/fakes/streaming/markedSpeech.ts';
import {
  type FakeWire,
  type StreamingFake,
  startStreamingFake,
} from '../../test/fakes/streaming/streamingFake.ts';
import type { LiveEvent, ProviderDefinition } from '../contract.ts';
import { definition } from './definition.ts';

const mistral = definition as ProviderDefinition<unknown>;
let fake: StreamingFake | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function open(languageHints: readonly string[] = []) {
  if (fake === undefined) throw new Error('start a fake first');
  return openDirectStream(mistral, { apiKey: mistralFakeApiKey, endpoint: fake.baseUrl }, languageHints);
}

const finals = (events: readonly LiveEvent[]) => events.filter((event) => event.type === 'final');
const sentence = (indexes: number[]) => indexes.map((index) => vocabularyWord(index)).join(' ');

/** A Voxtral stand-in that greets like Voxtral and answers each client message with `reply`. */
function scriptedVoxtral(
  reply: (wire: FakeWire, message: Record<string, unknown>) => void,
  greetAfterMs = 0,
) {
  return startStreamingFake({
    paths: ['/v1/audio/transcriptions/realtime'],
    connected: (wire) => {
      setTimeout(() => {
        wire.send({
          type: 'session.created',
          session: { request_id: 'scripted', model: 'voxtral-mini-transcribe-realtime-2602' },
        });
      }, greetAfterMs);
      return (data) => reply(wire, JSON.parse(data.toString('utf8')) as Record<string, unknown>);
    },
  });
}

describe('against the Voxtral fake', () => {
  it('declares PCM16 at 16 kHz before any audio, with the model in the query and a Bearer key', async () => {
    fake = await startMistralStreamingFake();
    const { stream, next } = open(['en', 'fr']);
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    await stream.finish(5000);
    const connection = fake.connections[0];
    expect(connection?.url.pathname).toBe('/v1/audio/transcriptions/realtime');
    expect(Object.fromEntries(connection?.url.searchParams ?? [])).toEqual({
      model: 'voxtral-mini-transcribe-realtime-2602',
    });
    expect(connection?.headers.authorization).toBe(`Bearer ${mistralFakeApiKey}`);
    expect(connection?.textMessages).toEqual([
      { type: 'session.update', session: { audio_format: { encoding: 'pcm_s16le', sample_rate: 16000 } } },
      { type: 'input_audio.append', audio: markedSpeech([0]).toString('base64') },
      { type: 'input_audio.end' },
    ]);
  });

  it('offers the one language hint as `language` in the query', async () => {
    fake = await startMistralStreamingFake();
    const { stream, next } = open(['de']);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    expect(fake.connections[0]?.url.searchParams.get('language')).toBe('de');
  });

  it('makes a timed final of each segment and adds nothing from the done text that repeats them', async () => {
    fake = await startMistralStreamingFake();
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech(markedSentences(6, 4)));
    await stream.finish(5000);
    expect(finals(events)).toEqual([
      { type: 'final', text: sentence([0, 1, 2, 3]), startMs: 0, endMs: 1600, language: 'en' },
      { type: 'final', text: sentence([4, 5]), startMs: 2000, endMs: 2800, language: 'en' },
    ]);
    expect(events.filter((event) => event.type === 'partial').map((event) => event.text)).toEqual([
      sentence([0]),
      sentence([0, 1]),
      sentence([0, 1, 2]),
      sentence([0, 1, 2, 3]),
      sentence([4]),
      sentence([4, 5]),
    ]);
    expect(events.at(-1)).toEqual({ type: 'finished' });
  });

  it('commits at full stops when Voxtral marks no segments, and the rest at the end', async () => {
    fake = await startMistralStreamingFake({ segments: false });
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech([...markedSentences(4, 4), 4, 5]));
    await stream.finish(5000);
    expect(finals(events)).toEqual([
      { type: 'final', text: `${sentence([0, 1, 2, 3])}.`, language: 'en' },
      { type: 'final', text: `${sentence([4, 5])}.`, language: 'en' },
    ]);
  });
});

describe('the end of the stream', () => {
  it('ends the audio only after the session is created and updated', async () => {
    fake = await scriptedVoxtral((wire, message) => {
      if (message.type === 'input_audio.end')
        wire.send({ type: 'transcription.done', text: '', language: null });
    }, 200);
    const { stream, events } = open();
    await stream.finish(5000);
    expect(fake.connections[0]?.textMessages.map((message) => (message as { type: string }).type)).toEqual([
      'session.update',
      'input_audio.end',
    ]);
    expect(events).toEqual([{ type: 'ready' }, { type: 'finished' }]);
  });
});

describe('errors', () => {
  it.each([
    [401, 'unauthorized', true],
    [402, 'payment_required', true],
    [403, 'forbidden', true],
    [422, 'bad_request', true],
    [429, 'rate_limited', false],
    [500, 'upstream_error', false],
    [3001, 'upstream_error', false],
    ['1500', 'upstream_error', false],
  ])('maps an in-band error with code %s to %s', async (vendorCode, code, permanent) => {
    fake = await scriptedVoxtral((wire) => {
      wire.send({ type: 'error', error: { message: 'What went wrong.', code: vendorCode } });
    });
    const { stream, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    expect(await next((event) => event.type === 'error')).toMatchObject({
      code,
      permanent,
      message: expect.stringContaining(`(code ${vendorCode}: What went wrong.)`) as string,
    });
  });

  it('reads the detail of an error message given as an object', async () => {
    fake = await scriptedVoxtral((wire) => {
      wire.send({ type: 'error', error: { message: { detail: 'Audio format mismatch.' }, code: 400 } });
    });
    const { stream, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    expect(await next((event) => event.type === 'error')).toEqual({
      type: 'error',
      code: 'bad_request',
      permanent: true,
      message: 'Mistral rejected the stream settings or audio (code 400: Audio format mismatch.).',
    });
  });

  it('refuses a wrong key at the handshake as unauthorized', async () => {
    fake = await startMistralStreamingFake();
    const { next } = openDirectStream(mistral, { apiKey: 'mistral-wrong-key', endpoint: fake.baseUrl });
    expect(await next((event) => event.type === 'error')).toMatchObject({
      code: 'unauthorized',
      permanent: true,
      message: expect.stringContaining('HTTP 401') as string,
    });
  });
});
