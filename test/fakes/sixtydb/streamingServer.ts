import { randomUUID } from 'node:crypto';
import { type FollowerUpdate, SpeechFollower, wordsText } from '../streaming/speechFollower.ts';
import {
  type FakeWire,
  type StreamingConnection,
  type StreamingFake,
  startStreamingFake,
} from '../streaming/streamingFake.ts';
import { sixtyDbFakeApiKey, unsupportedLanguages } from './server.ts';

const streamingPath = '/ws/stt';
/** Refusals `rejectNext` stands for: 60db's error code, and the close that follows it. */
const refusals: Readonly<Record<number, { errorCode: string; error: string; closeCode: number }>> = {
  402: {
    errorCode: 'INSUFFICIENT_CREDITS',
    error: 'Insufficient credits: the workspace balance is too low to start a session.',
    closeCode: 1008,
  },
  429: {
    errorCode: 'RATE_LIMIT_EXCEEDED',
    error: 'Too many concurrent sessions for this workspace.',
    closeCode: 1013,
  },
  503: { errorCode: 'SERVICE_UNAVAILABLE', error: 'The speech engine is unavailable.', closeCode: 1013 },
};

const invalidKey = { errorCode: 'INVALID_API_KEY', error: 'Invalid API key.', closeCode: 1008 };

export interface SixtyDbStreamingFakeOptions {
  /**
   * When sentences come in two phases (a fast `is_final` result, then the refined `speech_final`
   * one): only for sessions whose `start` has a `context`, as 60db does, or always.
   */
  twoPhaseFinals?: 'with context' | 'always';
}

interface StartMessage {
  languages?: unknown;
  config?: { encoding?: unknown; sample_rate?: unknown; utterance_end_ms?: unknown; diarize?: unknown };
  context?: unknown;
}

/** The `languages` of `connection`'s `start` message (empty for auto-detection). */
export function startLanguages(connection: StreamingConnection): string[] {
  const start = connection.textMessages.find(
    (message): message is StartMessage & { type: 'start' } =>
      typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'start',
  );
  return Array.isArray(start?.languages) ? start.languages.map(String) : [];
}

/**
 * 60db's STT WebSocket (`/ws/stt`): the upgrade is always accepted and `apiKey` is checked in
 * band (an `error` message, then close 1008, the style the reference recommends); the handshake
 * messages `connecting`, `connected`, then `connection_established` as both the type and a true
 * property; `start` (language candidates, linear 16 kHz; this fake takes no μ-law) answered by
 * `session_started`; audio as base64 JSON `audio` messages or, after a linear `start`, binary
 * PCM16; `transcription` results with `sentence_id`, word times in seconds and two-phase finals
 * when `start` has a `context`, and with `config.diarize` the speakers of each result (as the REST
 * answer gives them, each timed; two take turns by sentence); `stop` answered by the last results, `session_stopped` and close
 * 1000. `rejectNext`: 402 is INSUFFICIENT_CREDITS and close 1008; 429 and 503 are an error and
 * close 1013 (try again later).
 */
export function startSixtyDbStreamingFake(options: SixtyDbStreamingFakeOptions = {}): Promise<StreamingFake> {
  return startStreamingFake({
    paths: [streamingPath],
    // The port answers a plain GET with "ok", for health checks.
    httpRoute: (request, url) =>
      url.pathname === streamingPath && request.method === 'GET' ? { status: 200, body: 'ok' } : undefined,
    connected: (wire, url) => {
      wire.send({ type: 'connecting', message: 'Authenticating' });
      const refusal =
        url.searchParams.get('apiKey') !== sixtyDbFakeApiKey
          ? invalidKey
          : wire.rejection !== undefined
            ? refusals[wire.rejection]
            : undefined;
      if (refusal !== undefined) {
        wire.send({ type: 'error', error: refusal.error, error_code: refusal.errorCode });
        wire.close(refusal.closeCode, refusal.errorCode);
        return () => undefined;
      }
      wire.send({ type: 'connected', server_info: { version: 'v01', region: 'fake' } });
      wire.send({ type: 'connection_established', connection_established: true });
      return new SttSession(wire, options.twoPhaseFinals ?? 'with context').handler();
    },
  });
}

/** One connection after the handshake: `start`, audio, `stop`. */
class SttSession {
  private readonly wire: FakeWire;
  private readonly twoPhaseFinals: 'with context' | 'always';
  private readonly follower = new SpeechFollower();
  private state: 'awaiting start' | 'started' | 'stopped' = 'awaiting start';
  private twoPhase = false;
  private diarize = false;
  private languages: string[] = [];
  private sentenceId = 1;
  private speaking = false;

  constructor(wire: FakeWire, twoPhaseFinals: 'with context' | 'always') {
    this.wire = wire;
    this.twoPhaseFinals = twoPhaseFinals;
  }

  handler() {
    return (data: Buffer, isBinary: boolean) => {
      if (this.state === 'stopped') return;
      if (isBinary) {
        if (this.state !== 'started') {
          this.error('SESSION_NOT_STARTED', 'Send "start" before any audio.');
          return;
        }
        this.audio(data);
        return;
      }
      const message = parseMessage(data);
      if (message === undefined) {
        this.error('INVALID_MESSAGE', 'Messages must be JSON objects with a "type".');
        return;
      }
      this.handle(message);
    };
  }

  private handle(message: Record<string, unknown>) {
    switch (message.type) {
      case 'start':
        this.start(message);
        return;
      case 'audio':
        if (this.state !== 'started') {
          this.error('SESSION_NOT_STARTED', 'Send "start" before any audio.');
        } else if (typeof message.audio !== 'string' || (message.encoding ?? 'linear') !== 'linear') {
          this.error('INVALID_AUDIO', 'audio must be base64 linear PCM16.');
        } else {
          this.audio(Buffer.from(message.audio, 'base64'));
        }
        return;
      case 'config': {
        const problem = languagesProblem(message.languages);
        if (problem !== undefined) this.error('UNSUPPORTED_LANGUAGE', problem);
        else this.languages = Array.isArray(message.languages) ? message.languages.map(String) : [];
        return;
      }
      case 'test':
        this.wire.send({ type: 'test_resp', timestamp: Date.now() });
        return;
      case 'stop':
        this.report(this.follower.flush());
        this.state = 'stopped';
        this.wire.send({
          type: 'session_stopped',
          billing_summary: {
            total_cost: Math.round(this.follower.heardMs) / 1e7,
            duration_sec: this.follower.heardMs / 1000,
          },
        });
        this.wire.close(1000);
        return;
      default:
        this.error('UNKNOWN_MESSAGE_TYPE', `Unknown message type ${JSON.stringify(message.type)}.`);
    }
  }

  private start(start: StartMessage) {
    if (this.state === 'started') {
      this.error('SESSION_ALREADY_STARTED', 'The session has already started.');
      return;
    }
    const problem = languagesProblem(start.languages);
    if (problem !== undefined) {
      this.error('UNSUPPORTED_LANGUAGE', problem);
      return;
    }
    const {
      encoding = 'linear',
      sample_rate: sampleRate = 16000,
      utterance_end_ms: utteranceEndMs = 1000,
    } = start.config ?? {};
    if (encoding !== 'linear' || sampleRate !== 16000) {
      this.error('INVALID_CONFIG', 'This fake takes linear PCM16 at 16000 Hz only.');
      return;
    }
    if (typeof utteranceEndMs !== 'number' || utteranceEndMs < 300) {
      this.error('INVALID_CONFIG', 'utterance_end_ms must be at least 300.');
      return;
    }
    this.languages = Array.isArray(start.languages) ? start.languages.map(String) : [];
    this.twoPhase = this.twoPhaseFinals === 'always' || start.context !== undefined;
    this.diarize = start.config?.diarize === true;
    this.state = 'started';
    this.wire.send({ type: 'session_started', session_id: `s_${randomUUID()}`, config: start.config ?? {} });
  }

  private audio(pcm: Buffer) {
    if (!this.wire.audioReceived(pcm.length)) return;
    this.report(this.follower.push(pcm));
  }

  private report(updates: FollowerUpdate[]) {
    for (const update of updates) {
      if (update.words.length === 0) continue;
      if (!this.speaking) {
        this.speaking = true;
        this.wire.send({ type: 'speech_started' });
      }
      const text = wordsText(update.words);
      const result = {
        type: 'transcription',
        sentence_id: this.sentenceId,
        language: this.languages[0] ?? 'en',
        words: update.words.map((word) => ({
          word: word.word,
          start: word.startMs / 1000,
          end: word.endMs / 1000,
          confidence: 0.93,
        })),
        ...(this.diarize && {
          speakers: [
            {
              speaker: `SPEAKER_0${(this.sentenceId - 1) % 2}`,
              start: (update.words[0]?.startMs ?? 0) / 1000,
              end: (update.words.at(-1)?.endMs ?? 0) / 1000,
            },
          ],
        }),
      };
      if (update.kind === 'partial') {
        this.wire.send({ ...result, text, is_final: false, speech_final: false });
        continue;
      }
      if (this.twoPhase) this.wire.send({ ...result, text, is_final: true, speech_final: false });
      const refined = `${text[0]?.toUpperCase()}${text.slice(1)}.`;
      this.wire.send({ ...result, text: refined, is_final: true, speech_final: true, confidence: 0.93 });
      this.sentenceId++;
      this.speaking = false;
    }
  }

  private error(errorCode: string, error: string) {
    this.wire.send({ type: 'error', error, error_code: errorCode });
  }
}

function parseMessage(data: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function languagesProblem(languages: unknown): string | undefined {
  if (languages === undefined || languages === null) return undefined;
  if (!Array.isArray(languages) || languages.length > 5) return 'languages must be null or up to 5 codes.';
  const wrong: unknown = (languages as unknown[]).find(
    (code) => typeof code !== 'string' || !/^[a-z]{2}$/.test(code) || unsupportedLanguages.has(code),
  );
  return wrong === undefined ? undefined : `Language ${JSON.stringify(wrong)} is not supported.`;
}
