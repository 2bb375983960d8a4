import { afterEach, describe, expect, it } from 'vitest';
import { openDirectStream, sendInFrames } from '../../test/conformance/liveStreams.ts';
import { markedSentences, markedSpeech, vocabularyWord } from '../../test/fakes/streaming/markedSpeech.ts';
import {
  type FakeWire,
  type StreamingFake,
  startStreamingFake,
} from '../../test/fakes/streaming/streamingFake.ts';
import { volcengineFakeAccessKey, volcengineFakeAppKey } from '../../test/fakes/volcengine/server.ts';
import {
  fullClientRequest,
  startVolcengineStreamingFake,
  volcengineStreamingPath,
} from '../../test/fakes/volcengine/streamingServer.ts';
import type { LiveEvent, ProviderDefinition } from '../contract.ts';
import { type DataFrame, decodeFrame, encodeFrame, messageTypes } from './binaryFrames.ts';
import { definition } from './definition.ts';

const volcengine = definition as ProviderDefinition<unknown>;
let fake: StreamingFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function open(baseUrl: string, languageHints: readonly string[] = [], vocabulary: readonly string[] = []) {
  return openDirectStream(
    volcengine,
    { appKey: volcengineFakeAppKey, accessKey: volcengineFakeAccessKey, endpoint: baseUrl },
    languageHints,
    vocabulary,
  );
}

/** A vendor that answers each client frame as the test scripts it; frames are kept decoded. */
async function scriptedVendor(answer: (frame: DataFrame, wire: FakeWire, index: number) => void) {
  const received: DataFrame[] = [];
  fake = await startStreamingFake({
    paths: [volcengineStreamingPath],
    connected: (wire) => (data) => {
      const frame = decodeFrame(data);
      if (frame.kind !== 'data') throw new Error('a client sent an error frame');
      received.push(frame);
      answer(frame, wire, received.length - 1);
    },
  });
  return { fake, received };
}

function response(body: unknown, options: { sequence?: number; last?: boolean } = {}): Buffer {
  return encodeFrame({
    kind: 'data',
    messageType: messageTypes.fullServerResponse,
    ...(options.sequence !== undefined && { sequence: options.sequence }),
    last: options.last ?? false,
    serialization: 'json',
    compression: 'gzip',
    payload: Buffer.from(JSON.stringify(body)),
  });
}

function result(...utterances: Array<[text: string, startMs: number, endMs: number, definite: boolean]>) {
  return {
    result: {
      text: utterances.map(([text]) => text).join(''),
      utterances: utterances.map(([text, start_time, end_time, definite]) => ({
        text,
        start_time,
        end_time,
        definite,
      })),
    },
  };
}

const transcript = (events: LiveEvent[]) =>
  events.filter((event) => event.type === 'partial' || event.type === 'final' || event.type === 'finished');

describe('against the Volcengine fake', () => {
  it('authenticates with the X-Api headers, a fresh connect id per connection', async () => {
    fake = await startVolcengineStreamingFake();
    for (let index = 0; index < 2; index++) {
      const { stream, next } = open(fake.baseUrl);
      await next((event) => event.type === 'ready');
      await stream.finish(5000);
    }
    const [first, second] = fake.connections;
    expect(first?.url.pathname).toBe('/api/v3/sauc/bigmodel_async');
    expect(first?.headers).toMatchObject({
      'x-api-app-key': volcengineFakeAppKey,
      'x-api-access-key': volcengineFakeAccessKey,
      'x-api-resource-id': 'volc.bigasr.sauc.duration',
    });
    expect(first?.headers['x-api-connect-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers['x-api-connect-id']).not.toBe(first?.headers['x-api-connect-id']);
  });

  it('sends the full client request for 16 kHz PCM with cumulative utterances', async () => {
    fake = await startVolcengineStreamingFake();
    const { stream, next } = open(fake.baseUrl);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    const connection = fake.connections.at(-1);
    expect(connection && fullClientRequest(connection)).toEqual({
      user: { uid: 'earshot' },
      audio: { format: 'pcm', codec: 'raw', rate: 16000, bits: 16, channel: 1 },
      request: {
        model_name: 'bigmodel',
        enable_itn: true,
        enable_punc: true,
        show_utterances: true,
        result_type: 'full',
      },
    });
  });

  it('sends the custom vocabulary as hot words in corpus.context, a JSON string the fake reads', async () => {
    fake = await startVolcengineStreamingFake();
    const { stream, events, next } = open(fake.baseUrl, [], ['Earshot', 'Kelly Byrne-Donoghue']);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    const connection = fake.connections.at(-1);
    expect(connection && fullClientRequest(connection)?.request?.corpus).toEqual({
      context: '{"hotwords":[{"word":"Earshot"},{"word":"Kelly Byrne-Donoghue"}]}',
    });
    // The fake refuses anything but a JSON string there: the stream ran to its end.
    expect(transcript(events).at(-1)).toEqual({ type: 'finished' });
  });

  it('gives each final the timed words of its sentence', async () => {
    fake = await startVolcengineStreamingFake();
    const { stream, events, next } = open(fake.baseUrl);
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech(markedSentences(8, 4)));
    await stream.finish(5000);
    const finals = events.filter((event) => event.type === 'final');
    expect(finals).toHaveLength(2);
    finals.forEach((final, sentence) => {
      const offsetMs = sentence * 2000;
      expect(final.words).toEqual(
        [0, 1, 2, 3].map((position) => ({
          text: vocabularyWord(sentence * 4 + position),
          startMs: offsetMs + position * 400,
          endMs: offsetMs + (position + 1) * 400,
        })),
      );
      expect([final.startMs, final.endMs]).toEqual([offsetMs, offsetMs + 1600]);
    });
  });

  it.each([[['zh']], [['en']], [['en', 'zh']], [[]]])(
    'sends no audio.language for the hints %j: bigmodel_async hears Chinese and English unasked',
    async (hints) => {
      fake = await startVolcengineStreamingFake();
      const { stream, next } = open(fake.baseUrl, hints);
      await next((event) => event.type === 'ready');
      await stream.finish(5000);
      const connection = fake.connections.at(-1);
      expect(connection && fullClientRequest(connection)?.audio).not.toHaveProperty('language');
    },
  );

  it.each([[['fr']], [['en', 'ja']]])(
    'refuses the hints %j before connecting: bigmodel_async cannot be told another language',
    async (hints) => {
      fake = await startVolcengineStreamingFake();
      const { next } = open(fake.baseUrl, hints);
      const error = await next((event) => event.type === 'error');
      expect(error).toMatchObject({ code: 'bad_request', permanent: true });
      if (error.type !== 'error') throw new Error('not an error');
      const named = hints.at(-1) === 'fr' ? 'French (fr)' : 'Japanese (ja)';
      expect(error.message).toBe(
        `Volcengine's live recognizer hears only Chinese (with its dialects) and English, and cannot be told to listen for ${named}. ` +
          'Start the live session without that language, use another provider live, or transcribe the recording as a file with Volcengine, which takes it.',
      );
      expect(fake.connections).toHaveLength(0);
    },
  );

  it('reports an account without balance (HTTP 402 at the handshake) as "payment_required"', async () => {
    fake = await startVolcengineStreamingFake();
    fake.rejectNext(402);
    const { next } = open(fake.baseUrl);
    expect(await next((event) => event.type === 'error')).toMatchObject({
      code: 'payment_required',
      permanent: true,
      message: expect.stringContaining('HTTP 402') as string,
    });
  });
});

describe('the wire', () => {
  it('sends gzip audio frames without sequence numbers, skips empty ones, and ends with an empty last frame', async () => {
    const { fake, received } = await scriptedVendor((frame, wire) => {
      if (frame.last) wire.send(response({}, { sequence: -2, last: true }));
    });
    const { stream, next } = open(fake.baseUrl);
    await next((event) => event.type === 'ready');
    const pcm = markedSpeech([0, 1]);
    stream.sendAudio(new Uint8Array(0));
    sendInFrames(stream, pcm, 6400);
    await stream.finish(5000);
    expect(received.map((frame) => [frame.messageType, frame.compression, frame.last])).toEqual([
      [messageTypes.fullClientRequest, 'gzip', false],
      ...Array.from({ length: pcm.length / 6400 }, () => [messageTypes.audioOnlyRequest, 'gzip', false]),
      [messageTypes.audioOnlyRequest, 'gzip', true],
    ]);
    expect(received.every((frame) => frame.sequence === undefined)).toBe(true);
    expect(Buffer.concat(received.slice(1).map((frame) => frame.payload))).toEqual(pcm);
    expect(received.at(-1)?.payload.length).toBe(0);
  });

  it('reads responses that carry no sequence number, and finishes on the one flagged last', async () => {
    const { fake } = await scriptedVendor((frame, wire, index) => {
      if (index === 0) wire.send(response({ audio_info: { duration: 0 }, result: { text: '' } }));
      if (index === 1) wire.send(response(result(['你好', 300, 900, false])));
      if (index === 2)
        wire.send(response(result(['你好世界。', 300, 1700, true], ['今天', 2000, 2400, false])));
      if (frame.last) {
        wire.send(
          response(result(['你好世界。', 300, 1700, true], ['今天天气不错。', 2000, 3100, true]), {
            last: true,
          }),
        );
      }
    });
    const { stream, events, next } = open(fake.baseUrl);
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech([0, 1]), 12_800);
    await next((event) => event.type === 'partial' && event.text === '今天');
    await stream.finish(5000);
    expect(transcript(events)).toEqual([
      { type: 'partial', text: '你好', startMs: 300, endMs: 900 },
      { type: 'final', text: '你好世界。', startMs: 300, endMs: 1700 },
      { type: 'partial', text: '今天', startMs: 2000, endMs: 2400 },
      { type: 'final', text: '今天天气不错。', startMs: 2000, endMs: 3100 },
      { type: 'finished' },
    ]);
  });

  it.each([
    [45000081, 'timeout', false, 'waited too long for the next audio packet'],
    [45000151, 'bad_request', true, 'the audio format was not accepted'],
    [45000002, 'bad_request', true, 'the audio was empty'],
    [55000031, 'upstream_error', false, 'the server is busy'],
    [55000402, 'upstream_error', false, undefined],
    [45000999, 'bad_request', true, undefined],
  ])('maps error frame %i to %s (permanent: %s)', async (code, expected, permanent, meaning) => {
    const { fake } = await scriptedVendor((_frame, wire, index) => {
      if (index === 0) {
        wire.send(encodeFrame({ kind: 'error', code, message: `rejected for ${volcengineFakeAccessKey}` }));
      }
    });
    const { events, next } = open(fake.baseUrl);
    const error = await next((event) => event.type === 'error');
    expect(error).toMatchObject({ code: expected, permanent });
    if (error.type !== 'error') throw new Error('not an error');
    expect(error.message).toContain(`Volcengine ended the stream with error ${code}`);
    if (meaning !== undefined) expect(error.message).toContain(meaning);
    expect(JSON.stringify(events)).not.toContain(volcengineFakeAccessKey);
  });

  it('reports a text frame or a broken frame as an upstream error', async () => {
    const { fake } = await scriptedVendor((_frame, wire, index) => {
      if (index === 0) wire.send({ error: 'not binary' });
    });
    const { next } = open(fake.baseUrl);
    expect(await next((event) => event.type === 'error')).toMatchObject({
      code: 'upstream_error',
      message: expect.stringContaining('text frame') as string,
    });
    await fake.close();
    const { fake: broken } = await scriptedVendor((_frame, wire) => {
      wire.send(Buffer.from('11911100000000', 'hex'));
    });
    const reopened = open(broken.baseUrl);
    expect(await reopened.next((event) => event.type === 'error')).toMatchObject({
      code: 'upstream_error',
      message: expect.stringContaining('sequence number') as string,
    });
  });
});
