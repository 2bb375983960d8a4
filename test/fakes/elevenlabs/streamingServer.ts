import { randomUUID } from 'node:crypto';
import type { HeardWord } from '../streaming/markedSpeech.ts';
import { type FollowerUpdate, SpeechFollower, wordsText } from '../streaming/speechFollower.ts';
import { type FakeWire, type StreamingFake, startStreamingFake } from '../streaming/streamingFake.ts';
import { elevenLabsFakeApiKey } from './server.ts';

const sampleRate = 16_000;
/** Ten seconds of PCM16; ElevenLabs refuses very large chunks (its exact limit is not documented). */
const maximumChunkBytes = 10 * sampleRate * 2;
const commitStrategies = ['manual', 'vad'];

/** How the fake answers `rejectNext(status)`: the error message Scribe sends, then its close. */
const injectedFailures: Record<number, { kind: string; text: string; closeCode: number }> = {
  402: { kind: 'quota_exceeded', text: 'You have exceeded your usage quota.', closeCode: 1008 },
  429: { kind: 'rate_limited', text: 'Too many concurrent requests.', closeCode: 1008 },
  503: { kind: 'error', text: 'The service is temporarily unavailable.', closeCode: 1011 },
};

/**
 * ElevenLabs Scribe v2 Realtime (`/v1/speech-to-text/realtime`): the upgrade is always accepted and
 * a wrong `xi-api-key` is answered in-band with `auth_error` and a close (the path the protocol
 * reference asks fakes to support); `session_started` echoes the query's settings; audio arrives
 * only as base64 in `input_audio_chunk`; `commit_strategy=vad` commits at each pause by itself,
 * `manual` (the default) only on `commit: true`. When speech settles at a pause, the segment's text
 * comes first as `final_transcript` (final, but not yet committed; with `include_timestamps=true`
 * followed by the delayed `final_transcript_with_timestamps`), as the official SDK's types describe
 * it; every commit is `committed_transcript` followed, with `include_timestamps=true`, by
 * `committed_transcript_with_timestamps` (word and spacing entries in seconds). There is no end
 * message: the client commits and closes.
 */
export function startElevenLabsStreamingFake(): Promise<StreamingFake> {
  return startStreamingFake({
    paths: ['/v1/speech-to-text/realtime'],
    connected: (wire, url) => {
      const query = url.searchParams;
      const refusal = connectionRefusal(wire, query);
      if (refusal !== undefined) {
        fail(wire, refusal.kind, refusal.text, refusal.closeCode);
        return () => undefined;
      }
      const settings = {
        model: query.get('model_id') ?? '',
        vad: query.get('commit_strategy') === 'vad',
        timestamps: query.get('include_timestamps') === 'true',
        language: query.get('language_code'),
      };
      wire.send({
        message_type: 'session_started',
        session_id: randomUUID().replaceAll('-', ''),
        config: {
          sample_rate: sampleRate,
          audio_format: 'pcm_16000',
          language_code: settings.language,
          model_id: settings.model,
          commit_strategy: settings.vad ? 'vad' : 'manual',
          vad_silence_threshold_secs: 1.5,
          vad_threshold: 0.4,
          min_speech_duration_ms: 100,
          min_silence_duration_ms: 100,
          include_timestamps: settings.timestamps,
          enable_logging: true,
        },
      });
      const follower = new SpeechFollower();
      // Words recognised since the last commit (manual mode keeps whole utterances here).
      let uncommitted: HeardWord[] = [];

      /** A plain message and, with timestamps on, its timed twin: `final_…` or `committed_…`. */
      const sendTranscript = (kind: 'final' | 'committed', words: readonly HeardWord[]) => {
        const text = wordsText(words);
        wire.send({ message_type: `${kind}_transcript`, text });
        if (settings.timestamps) {
          wire.send({
            message_type: `${kind}_transcript_with_timestamps`,
            text,
            language_code: settings.language ?? 'en',
            words: timedWords(words),
          });
        }
      };
      const commit = () => {
        const words = uncommitted;
        uncommitted = [];
        sendTranscript('committed', words);
      };
      const follow = (updates: FollowerUpdate[]) => {
        for (const update of updates) {
          if (update.kind === 'partial') {
            wire.send({
              message_type: 'partial_transcript',
              text: wordsText([...uncommitted, ...update.words]),
            });
            continue;
          }
          uncommitted.push(...update.words);
          if (!update.endOfSpeech) {
            wire.send({ message_type: 'partial_transcript', text: wordsText(uncommitted) });
            continue;
          }
          // Speech settled at a pause (a silent 400 ms slot): the segment is final; VAD then commits it.
          sendTranscript('final', uncommitted);
          if (settings.vad) commit();
        }
      };

      return (data, isBinary) => {
        if (isBinary) {
          fail(wire, 'input_error', 'Audio must be sent as base64 in input_audio_chunk messages.', 1008);
          return;
        }
        const chunk = inputAudioChunk(data);
        if (typeof chunk === 'string') {
          fail(wire, 'input_error', chunk, 1008);
          return;
        }
        if (chunk.audio.length > maximumChunkBytes) {
          fail(wire, 'chunk_size_exceeded', 'The audio chunk is too large.', 1008);
          return;
        }
        if (chunk.audio.length > 0) {
          if (!wire.audioReceived(chunk.audio.length)) return;
          follow(follower.push(chunk.audio));
        }
        if (chunk.commit) {
          // A commit takes everything heard so far, even an utterance still in progress.
          for (const update of follower.flush()) uncommitted.push(...update.words);
          commit();
        }
      };
    },
  });
}

/** Why this connection is refused, checked in the order Scribe would: credentials, injected status, query. */
function connectionRefusal(
  wire: FakeWire,
  query: URLSearchParams,
): { kind: string; text: string; closeCode: number } | undefined {
  const key = wire.connection.headers['xi-api-key'];
  if (key !== elevenLabsFakeApiKey) {
    return { kind: 'auth_error', text: 'Invalid API key.', closeCode: 1008 };
  }
  if (wire.rejection !== undefined) {
    return injectedFailures[wire.rejection] ?? { kind: 'error', text: 'Injected failure.', closeCode: 1011 };
  }
  const model = query.get('model_id');
  if (model === null || !/^scribe_\w*realtime\w*$/.test(model)) {
    return { kind: 'invalid_request', text: `Invalid model_id: ${model ?? 'missing'}.`, closeCode: 1008 };
  }
  // Scribe takes other rates too; this fake only decodes the marked 16 kHz speech.
  const format = query.get('audio_format') ?? 'pcm_16000';
  if (format !== 'pcm_16000') {
    return {
      kind: 'invalid_request',
      text: `This fake only takes pcm_16000, not ${format}.`,
      closeCode: 1008,
    };
  }
  const strategy = query.get('commit_strategy') ?? 'manual';
  if (!commitStrategies.includes(strategy)) {
    return { kind: 'invalid_request', text: `Invalid commit_strategy: ${strategy}.`, closeCode: 1008 };
  }
  return undefined;
}

function fail(wire: FakeWire, kind: string, text: string, closeCode: number) {
  wire.send({ message_type: kind, error: text });
  wire.close(closeCode, kind);
}

/** An `input_audio_chunk` as Scribe reads it, or the reason it is refused. */
function inputAudioChunk(data: Buffer): { audio: Buffer; commit: boolean } | string {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
  } catch {
    return 'Messages must be JSON.';
  }
  if (message.message_type !== 'input_audio_chunk') {
    return `Unknown message_type: ${String(message.message_type)}.`;
  }
  if (typeof message.audio_base_64 !== 'string') return 'audio_base_64 is required.';
  if (message.sample_rate !== undefined && message.sample_rate !== sampleRate) {
    return `sample_rate ${JSON.stringify(message.sample_rate)} does not match the session's ${sampleRate}.`;
  }
  return { audio: Buffer.from(message.audio_base_64, 'base64'), commit: message.commit === true };
}

/** Word and spacing entries as Scribe times them, in seconds. */
function timedWords(words: readonly HeardWord[]) {
  const entries: Array<Record<string, unknown>> = [];
  for (const word of words) {
    const previous = entries.at(-1);
    if (previous !== undefined) {
      entries.push({ text: ' ', start: previous.end, end: word.startMs / 1000, type: 'spacing', logprob: 0 });
    }
    entries.push({
      text: word.word,
      start: word.startMs / 1000,
      end: word.endMs / 1000,
      type: 'word',
      logprob: -0.05,
    });
  }
  return entries;
}
