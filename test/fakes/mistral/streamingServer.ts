import { randomUUID } from 'node:crypto';
import { type FollowerUpdate, SpeechFollower, wordsText } from '../streaming/speechFollower.ts';
import { type FakeWire, type StreamingFake, startStreamingFake } from '../streaming/streamingFake.ts';
import { mistralFakeApiKey } from './server.ts';

const encodings = ['pcm_s16le', 'pcm_s32le', 'pcm_f16le', 'pcm_f32le', 'pcm_mulaw', 'pcm_alaw'];
const defaultDelayMs = 480;

export interface MistralStreamingFakeOptions {
  /**
   * Whether Voxtral marks each utterance with `transcription.segment` (the default); without, it
   * ends each utterance's text with a full stop instead, as a model that only punctuates would.
   */
  segments?: boolean;
}

/**
 * Mistral's Voxtral realtime API (`/v1/audio/transcriptions/realtime?model=…`): Bearer credentials
 * checked at the upgrade (401), a real-time model required; `session.created` (PCM16 16 kHz by
 * default), `session.update` only before the first audio and answered with `session.updated`;
 * base64 audio in `input_audio.append`; one `transcription.text.delta` per recognised word, a
 * `transcription.language` before the first, a `transcription.segment` per utterance;
 * `input_audio.flush` finalises what is pending; `input_audio.end` is answered by the last deltas,
 * `transcription.done` with the whole text, and close 1000. `rejectNext` statuses arrive as an
 * in-band `error` with that code, then a close.
 */
export function startMistralStreamingFake(options: MistralStreamingFakeOptions = {}): Promise<StreamingFake> {
  const withSegments = options.segments ?? true;
  return startStreamingFake({
    paths: ['/v1/audio/transcriptions/realtime'],
    checkUpgrade: (request, url) => {
      if (request.headers.authorization !== `Bearer ${mistralFakeApiKey}`) {
        return { status: 401, body: { message: 'Unauthorized', request_id: randomUUID() } };
      }
      const model = url.searchParams.get('model');
      if (model === null || !/^voxtral-[a-z0-9-]*realtime[a-z0-9-]*$/.test(model)) {
        return {
          status: 400,
          body: {
            object: 'error',
            message: `Invalid model: ${model ?? 'missing'}`,
            type: 'invalid_model',
            code: '1500',
          },
        };
      }
      return undefined;
    },
    connected: (wire, url) => {
      if (wire.rejection !== undefined) {
        sendError(wire, `Injected failure ${wire.rejection}.`, wire.rejection);
        wire.close(wire.rejection >= 500 ? 1011 : 1008, 'error');
        return () => undefined;
      }
      const model = url.searchParams.get('model') ?? '';
      const language = url.searchParams.get('language') ?? 'en';
      const session = {
        request_id: randomUUID(),
        model,
        audio_format: { encoding: 'pcm_s16le', sample_rate: 16_000 },
        target_streaming_delay_ms: defaultDelayMs,
      };
      wire.send({ type: 'session.created', session });
      const follower = new SpeechFollower();
      const segments: Array<{ text: string; start: number; end: number; type: string }> = [];
      let text = '';
      let audioStarted = false;
      let wordsSentOfUtterance = 0;

      const delta = (fragment: string) => {
        if (text === '') wire.send({ type: 'transcription.language', audio_language: language });
        text += fragment;
        wire.send({ type: 'transcription.text.delta', text: fragment });
      };
      const report = (updates: FollowerUpdate[]) => {
        for (const update of updates) {
          for (const word of update.words.slice(wordsSentOfUtterance))
            delta(text === '' ? word.word : ` ${word.word}`);
          wordsSentOfUtterance = update.words.length;
          if (update.kind === 'partial') continue;
          wordsSentOfUtterance = 0;
          const first = update.words[0];
          const last = update.words.at(-1);
          if (first === undefined || last === undefined) continue;
          if (!withSegments) {
            delta('.');
            continue;
          }
          const segment = {
            text: wordsText(update.words),
            start: first.startMs / 1000,
            end: last.endMs / 1000,
            type: 'transcription_segment',
          };
          segments.push(segment);
          wire.send({
            type: 'transcription.segment',
            text: segment.text,
            start: segment.start,
            end: segment.end,
            speaker_id: null,
          });
        }
      };

      return (data, isBinary) => {
        if (isBinary) {
          sendError(wire, 'Audio must be sent as base64 in input_audio.append messages.', 400);
          return;
        }
        const message = jsonMessage(data);
        if (message === undefined) {
          sendError(wire, 'Messages must be JSON objects.', 400);
          return;
        }
        switch (message.type) {
          case 'session.update': {
            const problem = audioStarted
              ? 'session.update must come before the first audio.'
              : sessionProblem(message);
            if (problem !== undefined) {
              sendError(wire, problem, 400);
              return;
            }
            const update = message.session as Record<string, unknown>;
            Object.assign(session, update);
            wire.send({ type: 'session.updated', session });
            return;
          }
          case 'input_audio.append': {
            if (typeof message.audio !== 'string') {
              sendError(wire, 'audio is required.', 422);
              return;
            }
            audioStarted = true;
            const audio = Buffer.from(message.audio, 'base64');
            if (!wire.audioReceived(audio.length)) return;
            report(follower.push(audio));
            return;
          }
          case 'input_audio.flush':
            report(follower.flush());
            return;
          case 'input_audio.end':
            report(follower.flush());
            wire.send({
              type: 'transcription.done',
              model,
              text,
              language,
              segments: withSegments ? segments : [],
              usage: {
                prompt_audio_seconds: Math.round(follower.heardMs / 1000),
                prompt_tokens: 4,
                completion_tokens: text.split(' ').length,
                total_tokens: 4 + text.split(' ').length,
              },
            });
            wire.close(1000);
            return;
          default:
            sendError(wire, `Unknown message type: ${String(message.type)}.`, 400);
        }
      };
    },
  });
}

function jsonMessage(data: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function sendError(wire: FakeWire, message: string, code: number) {
  wire.send({ type: 'error', error: { message, code } });
}

/** What Voxtral would refuse in a `session.update`, or what this fake cannot decode. */
function sessionProblem(message: Record<string, unknown>): string | undefined {
  const session = message.session;
  if (typeof session !== 'object' || session === null) return 'session is required.';
  const { audio_format: format, target_streaming_delay_ms: delay } = session as Record<string, unknown>;
  if (delay !== undefined) {
    const valid =
      typeof delay === 'number' && (delay === 2400 || (delay >= 80 && delay <= 1200 && delay % 80 === 0));
    if (!valid) return 'target_streaming_delay_ms must be a multiple of 80 between 80 and 1200, or 2400.';
  }
  if (format === undefined) return undefined;
  const { encoding, sample_rate: sampleRate } = (format ?? {}) as Record<string, unknown>;
  if (typeof encoding !== 'string' || !encodings.includes(encoding))
    return `Unsupported encoding: ${String(encoding)}.`;
  // Voxtral takes the other encodings and rates; this fake only reads the marked 16 kHz PCM16 speech.
  if (encoding !== 'pcm_s16le' || sampleRate !== 16_000)
    return 'This fake only decodes pcm_s16le at 16000 Hz.';
  return undefined;
}
