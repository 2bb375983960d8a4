import { afterEach, describe, expect, it } from 'vitest';

import { openDirectStream, sendInFrames } from '../../test/conformance/liveStreams.ts';
import { elevenLabsFakeApiKey } from '../../test/fakes/elevenlabs/server.ts';
import { startElevenLabsStreamingFake } from '../../test/fakes/elevenlabs/streamingServer.ts';
import { markedSentences, markedSpeech, vocabularyWord } from '../../test/fakes/streaming/markedSpeech.ts';
import {
  type FakeWire,
  type StreamingFake,
  startStreamingFake,
} from '../../test/fakes/streaming/streamingFake.ts';
import type { LiveEvent, ProviderDefinition } from '../contract.ts';
import { definition } from './definition.ts';
import { realtimeError } from './realtimeErrors.ts';

const elevenLabs = definition as ProviderDefinition<unknown>;
let fake: StreamingFake | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function open(
  languageHints: readonly string[] = [],
  config: Record<string, unknown> = {},
  vocabulary: readonly string[] = [],
) {
  if (fake === undefined) throw new Error('start a fake first');
  return openDirectStream(
    elevenLabs,
    { apiKey: elevenLabsFakeApiKey, endpoint: fake.baseUrl, ...config },
    languageHints,
    vocabulary,
  );
}

const finals = (events: readonly LiveEvent[]) => events.filter((event) => event.type === 'final');

/** A Scribe stand-in that greets like Scribe and answers each client message with `reply`. */
function scriptedScribe(reply: (wire: FakeWire, message: Record<string, unknown>) => void, greetAfterMs = 0) {
  return startStreamingFake({
    paths: ['/v1/speech-to-text/realtime'],
    connected: (wire) => {
      setTimeout(() => {
        wire.send({
          message_type: 'session_started',
          session_id: 'scripted',
          config: { sample_rate: 16000, commit_strategy: 'vad', include_timestamps: true },
        });
      }, greetAfterMs);
      return (data) => reply(wire, JSON.parse(data.toString('utf8')) as Record<string, unknown>);
    },
  });
}

function timed(text: string, startSeconds: number, endSeconds: number) {
  return {
    message_type: 'committed_transcript_with_timestamps',
    text,
    language_code: 'en',
    words: [{ text, start: startSeconds, end: endSeconds, type: 'word' }],
  };
}

describe('against the Scribe fake', () => {
  it('asks for VAD commits, PCM 16 kHz and timestamps, with the key in xi-api-key', async () => {
    fake = await startElevenLabsStreamingFake();
    const { stream, next } = open(['en', 'fr']);
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    await stream.finish(5000);
    const connection = fake.connections[0];
    expect(connection?.url.pathname).toBe('/v1/speech-to-text/realtime');
    expect(Object.fromEntries(connection?.url.searchParams ?? [])).toEqual({
      model_id: 'scribe_v2_realtime',
      audio_format: 'pcm_16000',
      commit_strategy: 'vad',
      include_timestamps: 'true',
    });
    expect(connection?.headers['xi-api-key']).toBe(elevenLabsFakeApiKey);
    expect(connection?.textMessages[0]).toEqual({
      message_type: 'input_audio_chunk',
      audio_base_64: markedSpeech([0]).toString('base64'),
      commit: false,
      sample_rate: 16000,
    });
    expect(connection?.textMessages.at(-1)).toEqual({
      message_type: 'input_audio_chunk',
      audio_base_64: '',
      commit: true,
      sample_rate: 16000,
    });
    expect(connection?.binaryFrames).toBe(0);
  });

  it('sends the one language hint as language_code', async () => {
    fake = await startElevenLabsStreamingFake();
    const { stream, next } = open(['de']);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    expect(fake.connections[0]?.url.searchParams.get('language_code')).toBe('de');
  });

  it('sends the vocabulary as repeated keyterms, within real-time Scribe’s 50 terms of 20 characters', async () => {
    fake = await startElevenLabsStreamingFake();
    const many = Array.from({ length: 60 }, (_, index) => `term${index}`);
    const { stream, next } = open([], {}, ['ElevenLabs', 'a term far over twenty', ...many]);
    await next((event) => event.type === 'ready');
    await stream.finish(5000);
    const sent = fake.connections[0]?.url.searchParams.getAll('keyterms');
    expect(sent).toEqual(['ElevenLabs', ...many.slice(0, 49)]);
  });

  it('makes one timed final, with its timed words, of each commit although Scribe sends every commit twice', async () => {
    fake = await startElevenLabsStreamingFake();
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech(markedSentences(8, 4)));
    await stream.finish(5000);
    const word = (index: number) => vocabularyWord(index);
    const timedWords = (indexes: number[], offsetMs: number) =>
      indexes.map((index, position) => ({
        text: word(index),
        startMs: offsetMs + position * 400,
        endMs: offsetMs + (position + 1) * 400,
        confidence: Math.exp(-0.05),
      }));
    expect(finals(events)).toEqual([
      {
        type: 'final',
        text: [0, 1, 2, 3].map(word).join(' '),
        startMs: 0,
        endMs: 1600,
        language: 'en',
        words: timedWords([0, 1, 2, 3], 0),
      },
      {
        type: 'final',
        text: [4, 5, 6, 7].map(word).join(' '),
        startMs: 2000,
        endMs: 3600,
        language: 'en',
        words: timedWords([4, 5, 6, 7], 2000),
      },
    ]);
    expect(events.at(-1)).toEqual({ type: 'finished' });
  });

  it('shows each segment’s final_transcript, timed by its delayed twin, as settled text until its commit', async () => {
    fake = await startElevenLabsStreamingFake();
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    sendInFrames(stream, markedSpeech(markedSentences(8, 4)));
    await stream.finish(5000);
    const committed = finals(events);
    expect(committed).toHaveLength(2);
    for (const final of committed) {
      const settled = events[events.indexOf(final) - 1];
      // The settled text is shown, not kept, so it comes without the words the commit carries.
      expect(settled).toEqual({ ...final, type: 'partial', words: undefined });
    }
  });

  it('reports a wrong key, answered in-band with auth_error, as unauthorized', async () => {
    fake = await startElevenLabsStreamingFake();
    const { next } = open([], { apiKey: 'elevenlabs-wrong-key' });
    expect(await next((event) => event.type === 'error')).toEqual({
      type: 'error',
      code: 'unauthorized',
      permanent: true,
      message: 'ElevenLabs did not accept the API key (auth_error: Invalid API key.).',
    });
  });
});

describe('commit twins', () => {
  it('counts plain commits once a second one arrives without its timed twin', async () => {
    fake = await scriptedScribe((wire, message) => {
      if (message.commit === true) {
        wire.send({ message_type: 'committed_transcript', text: 'three' });
        return;
      }
      wire.send({ message_type: 'committed_transcript', text: 'one' });
      wire.send({ message_type: 'committed_transcript', text: 'two' });
    });
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    await stream.finish(5000);
    expect(finals(events).map((final) => final.text)).toEqual(['one', 'two', 'three']);
    expect(events.at(-1)).toEqual({ type: 'finished' });
  });

  it('keeps one final per commit when the timed twin comes first', async () => {
    fake = await scriptedScribe((wire, message) => {
      if (message.commit === true) {
        wire.send(timed('', 0, 0));
        return;
      }
      wire.send(timed('one', 0, 0.4));
      wire.send({ message_type: 'committed_transcript', text: 'one' });
      wire.send(timed('two', 0.4, 0.8));
      wire.send({ message_type: 'committed_transcript', text: 'two' });
    });
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0, 1, null, null, null, null]));
    await stream.finish(5000);
    expect(finals(events).map((final) => [final.text, final.startMs, final.endMs])).toEqual([
      ['one', 0, 400],
      ['two', 400, 800],
    ]);
  });
});

describe('final transcripts', () => {
  it('shows a final_transcript at once, though its segment is committed only at the end', async () => {
    fake = await scriptedScribe((wire, message) => {
      if (message.commit === true) {
        wire.send({ message_type: 'committed_transcript', text: 'Hello there.' });
        wire.send(timed('Hello there.', 0.1, 1.2));
        return;
      }
      wire.send({ message_type: 'partial_transcript', text: 'hello the' });
      wire.send({ message_type: 'final_transcript', text: 'Hello there.' });
    });
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    expect(await next((event) => event.type === 'partial' && event.text === 'Hello there.')).toEqual({
      type: 'partial',
      text: 'Hello there.',
    });
    await stream.finish(5000);
    expect(finals(events)).toEqual([
      {
        type: 'final',
        text: 'Hello there.',
        startMs: 100,
        endMs: 1200,
        language: 'en',
        words: [{ text: 'Hello there.', startMs: 100, endMs: 1200 }],
      },
    ]);
  });
});

describe('words and speakers', () => {
  const spoken = (text: string, start: number, end: number, speakerId: string) => ({
    text,
    start,
    end,
    type: 'word',
    speaker_id: speakerId,
    logprob: 0,
  });
  const commitWithSpeakers = (wire: FakeWire, message: Record<string, unknown>) => {
    if (message.commit !== true) return;
    wire.send({ message_type: 'committed_transcript', text: 'Yes, go on.' });
    wire.send({
      message_type: 'committed_transcript_with_timestamps',
      text: 'Yes, go on.',
      language_code: 'en',
      words: [
        spoken('Yes,', 0, 0.3, 'speaker_1'),
        { text: ' ', start: 0.3, end: 0.4, type: 'spacing', speaker_id: 'speaker_1', logprob: 0 },
        spoken('go', 0.4, 0.6, 'speaker_0'),
        spoken('on.', 0.6, 1.2, 'speaker_0'),
      ],
    });
  };

  it('labels a final and its words with the speakers Scribe names, the final by the one heard longest', async () => {
    fake = await scriptedScribe(commitWithSpeakers);
    const { stream, events, next } = open([], { enableSpeakerDiarization: true });
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    await stream.finish(5000);
    const [final] = finals(events);
    expect(final).toMatchObject({ text: 'Yes, go on.', speaker: 'speaker_0' });
    expect(final?.type === 'final' && final.words?.map((word) => [word.text, word.speaker])).toEqual([
      ['Yes,', 'speaker_1'],
      ['go', 'speaker_0'],
      ['on.', 'speaker_0'],
    ]);
  });

  it('leaves speakers out unless enableSpeakerDiarization is set, and sends no diarization option live', async () => {
    fake = await scriptedScribe(commitWithSpeakers);
    const { stream, next } = open([], { enableSpeakerDiarization: true });
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    await stream.finish(5000);
    expect([...(fake.connections[0]?.url.searchParams.keys() ?? [])]).not.toContain('diarize');
    await fake.close();

    fake = await scriptedScribe(commitWithSpeakers);
    const plain = open();
    await plain.next((event) => event.type === 'ready');
    plain.stream.sendAudio(markedSpeech([0]));
    await plain.stream.finish(5000);
    const [final] = finals(plain.events);
    expect(final?.type === 'final' && final.speaker).toBeUndefined();
    expect(final?.type === 'final' && final.words?.every((word) => word.speaker === undefined)).toBe(true);
  });
});

describe('the end of the stream', () => {
  it('commits only once Scribe has started the session', async () => {
    fake = await scriptedScribe((wire, message) => {
      if (message.commit === true) wire.send(timed('', 0, 0));
    }, 200);
    const { stream, events } = open();
    await stream.finish(5000);
    expect(fake.connections[0]?.textMessages).toEqual([
      { message_type: 'input_audio_chunk', audio_base_64: '', commit: true, sample_rate: 16000 },
    ]);
    expect(events).toEqual([{ type: 'ready' }, { type: 'finished' }]);
  });

  it('waits past a VAD commit still on its way for the commit that answers', async () => {
    fake = await scriptedScribe((wire, message) => {
      if (message.commit !== true) return;
      wire.send(timed('early', 0, 0.4));
      setTimeout(() => wire.send({ message_type: 'partial_transcript', text: 'late' }), 100);
      setTimeout(() => wire.send(timed('late', 2, 2.4)), 200);
    });
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0, null, null, null, null, 1]));
    await stream.finish(5000);
    expect(finals(events).map((final) => final.text)).toEqual(['early', 'late']);
    expect(events.at(-1)).toEqual({ type: 'finished' });
  });

  it('takes a commit that may be VAD’s as the answer when nothing follows it', async () => {
    fake = await scriptedScribe((wire, message) => {
      if (message.commit === true) wire.send(timed('early', 0, 0.4));
    });
    const { stream, events, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0, null, null, null, null, null]));
    const started = Date.now();
    await stream.finish(5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(events.at(-1)).toEqual({ type: 'finished' });
  });
});

describe('errors', () => {
  it.each([
    ['auth_error', 'unauthorized'],
    ['quota_exceeded', 'payment_required'],
    ['unaccepted_terms', 'forbidden'],
    ['rate_limited', 'rate_limited'],
    ['commit_throttled', 'rate_limited'],
    ['queue_overflow', 'rate_limited'],
    ['resource_exhausted', 'upstream_error'],
    ['transcriber_error', 'upstream_error'],
    ['error', 'upstream_error'],
    ['session_time_limit_exceeded', 'upstream_error'],
    ['insufficient_audio_activity', 'timeout'],
    ['input_error', 'bad_request'],
    ['invalid_request', 'bad_request'],
    ['chunk_size_exceeded', 'bad_request'],
    ['some_future_error', 'upstream_error'],
  ])('maps %s to %s', async (kind, code) => {
    fake = await scriptedScribe((wire) => {
      wire.send({ message_type: kind, error: `What ${kind} says.` });
      wire.close(1008);
    });
    const { stream, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    const error = await next((event) => event.type === 'error');
    expect(error).toMatchObject({ code });
    expect(error).toMatchObject({
      message: expect.stringContaining(`${kind}: What ${kind} says.`) as string,
    });
  });

  it('reads the description from `message` or a nested error object too', () => {
    expect(realtimeError({ message_type: 'input_error', message: 'Bad audio.' })?.message).toBe(
      'ElevenLabs could not process the audio (input_error: Bad audio.).',
    );
    expect(realtimeError({ message_type: 'error', error: { message: 'Boom.' } })?.message).toBe(
      'ElevenLabs failed while transcribing (error: Boom.).',
    );
    expect(realtimeError({ message_type: 'partial_transcript', text: 'hello' })).toBeUndefined();
  });

  it('reports a close 1011 without an error message as a retryable upstream error', async () => {
    fake = await scriptedScribe((wire) => wire.close(1011, 'internal'));
    const { stream, next } = open();
    await next((event) => event.type === 'ready');
    stream.sendAudio(markedSpeech([0]));
    expect(await next((event) => event.type === 'error')).toMatchObject({
      code: 'upstream_error',
      permanent: false,
    });
  });
});
