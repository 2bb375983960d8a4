import { randomBytes } from 'node:crypto';
import { type FollowerUpdate, SpeechFollower, wordsText } from '../streaming/speechFollower.ts';
import {
  type FakeWire,
  type StreamingConnection,
  type StreamingFake,
  startStreamingFake,
} from '../streaming/streamingFake.ts';
import { volcengineFakeAccessKey, volcengineFakeAppKey, volcengineLocales } from './server.ts';
import { clientMessageTypes, errorFrame, readClientFrame, serverResponse } from './streamingFrames.ts';
import { hotWordsContext } from './hotWordsContext.ts';

export const volcengineStreamingPath = '/api/v3/sauc/bigmodel_async';
const idleTimeoutMs = 8_000;
const resourceIds = [
  'volc.bigasr.sauc.duration',
  'volc.bigasr.sauc.concurrent',
  'volc.seedasr.sauc.duration',
  'volc.seedasr.sauc.concurrent',
];
const errors = {
  invalidParameters: 45000001,
  timeout: 45000081,
  busy: 55000031,
} as const;

export interface FullClientRequest {
  audio?: {
    format?: unknown;
    codec?: unknown;
    rate?: unknown;
    bits?: unknown;
    channel?: unknown;
    language?: unknown;
  };
  request?: { model_name?: unknown; result_type?: unknown; corpus?: unknown };
}

interface ReportedUtterance {
  text: string;
  start_time: number;
  end_time: number;
  definite: boolean;
  words: Array<{ text: string; start_time: number; end_time: number }>;
}

const fullRequests = new WeakMap<StreamingConnection, FullClientRequest>();

/** The full client request (the first frame's JSON) `connection` received, once it has. */
export function fullClientRequest(connection: StreamingConnection): FullClientRequest | undefined {
  return fullRequests.get(connection);
}

/**
 * Volcengine's bigmodel streaming ASR in its `bigmodel_async` mode: `X-Api-*` headers checked at
 * the handshake (401 or 403 with a small JSON body, the refusal style the reference allows);
 * binary frames only; a gzip JSON full client request first (answered by an empty result), then
 * gzip PCM16 audio frames; a response with the cumulative utterances only when the result
 * changes; the packet flagged last answered by a response flagged last (negative sequence) and a
 * close. Errors are error frames followed by a close; 8 s without a packet is error 45000081.
 *
 * `rejectNext`: 402 refuses the handshake with HTTP 402 (Volcengine documents no in-band
 * quota code); 429 and 503 answer the request with error 55000031 (server busy), the one signal
 * Volcengine documents for overload and concurrency limits.
 */
export function startVolcengineStreamingFake(): Promise<StreamingFake> {
  return startStreamingFake({
    paths: [volcengineStreamingPath],
    checkUpgrade: (request, _url, rejection) => {
      const header = (name: string) => request.headers[name];
      const refusal = (status: number, message: string) => ({
        status,
        headers: { 'X-Tt-Logid': randomBytes(16).toString('hex').toUpperCase() },
        body: { error: message },
      });
      if (
        header('x-api-app-key') !== volcengineFakeAppKey ||
        header('x-api-access-key') !== volcengineFakeAccessKey
      ) {
        return refusal(401, 'authentication failed: unknown X-Api-App-Key or X-Api-Access-Key');
      }
      if (!resourceIds.includes(String(header('x-api-resource-id')))) {
        return refusal(403, 'requested resource not granted');
      }
      if (rejection === 402) return refusal(402, 'the account has no remaining balance');
      return undefined;
    },
    connected: (wire) => new StreamingSession(wire).handler(),
  });
}

/** One connection: the full request, then audio until the packet flagged last. */
class StreamingSession {
  private readonly wire: FakeWire;
  private readonly follower = new SpeechFollower();
  private state: 'awaiting request' | 'streaming' | 'ended' = 'awaiting request';
  private sequence = 0;
  private readonly definite: ReportedUtterance[] = [];
  private current: ReportedUtterance | undefined;
  private idleTimer: NodeJS.Timeout;

  constructor(wire: FakeWire) {
    this.wire = wire;
    this.idleTimer = this.idleTimeout();
  }

  handler() {
    return (data: Buffer, isBinary: boolean) => {
      if (this.state === 'ended') return;
      clearTimeout(this.idleTimer);
      this.idleTimer = this.idleTimeout();
      if (!isBinary) {
        this.fail(errors.invalidParameters, 'text frames are not part of the protocol');
        return;
      }
      const frame = readClientFrame(data);
      if (typeof frame === 'string') {
        this.fail(errors.invalidParameters, `invalid frame: ${frame}`);
        return;
      }
      if (this.state === 'awaiting request') {
        if (frame.messageType !== clientMessageTypes.fullClientRequest || frame.serialization !== 1) {
          this.fail(errors.invalidParameters, 'the first frame must be a JSON full client request');
          return;
        }
        this.start(frame.payload);
        return;
      }
      if (frame.messageType !== clientMessageTypes.audioOnlyRequest) {
        this.fail(errors.invalidParameters, 'only audio-only requests may follow the full client request');
        return;
      }
      if (frame.payload.length > 0) {
        if (!this.wire.audioReceived(frame.payload.length)) return;
        this.report(this.follower.push(frame.payload), false);
      }
      if (frame.last) {
        clearTimeout(this.idleTimer);
        this.report(this.follower.flush(), true);
        this.state = 'ended';
        this.wire.close(1000);
      }
    };
  }

  private start(payload: Buffer) {
    const request = parseRequest(payload);
    const problem = request === undefined ? 'the request is not JSON' : requestProblem(request);
    if (request === undefined || problem !== undefined) {
      this.fail(errors.invalidParameters, `invalid request: ${problem}`);
      return;
    }
    fullRequests.set(this.wire.connection, request);
    if (this.wire.rejection === 429 || this.wire.rejection === 503) {
      this.fail(errors.busy, 'server busy, please retry later');
      return;
    }
    this.state = 'streaming';
    this.respond(false);
  }

  private report(updates: FollowerUpdate[], last: boolean) {
    for (const update of updates) {
      const first = update.words[0];
      const lastWord = update.words.at(-1);
      if (first === undefined || lastWord === undefined) continue;
      const text = wordsText(update.words);
      const utterance: ReportedUtterance = {
        text: update.kind === 'final' ? `${text[0]?.toUpperCase()}${text.slice(1)}.` : text,
        start_time: first.startMs,
        end_time: lastWord.endMs,
        definite: update.kind === 'final',
        words: update.words.map((word) => ({
          text: word.word,
          start_time: word.startMs,
          end_time: word.endMs,
        })),
      };
      if (update.kind === 'final') {
        this.definite.push(utterance);
        this.current = undefined;
      } else {
        this.current = utterance;
      }
    }
    // bigmodel_async answers only when the result changed, but always answers the last packet.
    if (updates.length > 0 || last) this.respond(last);
  }

  private respond(last: boolean) {
    const utterances = [...this.definite, ...(this.current === undefined ? [] : [this.current])];
    this.sequence++;
    this.wire.send(
      serverResponse(this.sequence, last, {
        audio_info: { duration: Math.round(this.follower.heardMs) },
        result: { text: utterances.map((utterance) => utterance.text).join(''), utterances },
      }),
    );
  }

  private fail(code: number, message: string) {
    clearTimeout(this.idleTimer);
    this.state = 'ended';
    this.wire.send(errorFrame(code, message));
    this.wire.close(1000);
  }

  private idleTimeout() {
    return setTimeout(
      () => this.fail(errors.timeout, 'timed out waiting for the next packet'),
      idleTimeoutMs,
    );
  }
}

function parseRequest(payload: Buffer): FullClientRequest | undefined {
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function requestProblem({ audio, request }: FullClientRequest): string | undefined {
  if (request?.model_name !== 'bigmodel') return 'request.model_name must be "bigmodel"';
  if (audio?.format !== 'pcm') return 'this fake takes audio.format "pcm" only';
  if (audio.codec !== undefined && audio.codec !== 'raw') return 'pcm audio needs audio.codec "raw"';
  if (audio.rate !== 16000 || audio.bits !== 16 || audio.channel !== 1) {
    return 'audio must be 16000 Hz, 16 bits, 1 channel';
  }
  // Volcengine documents `audio.language` for bigmodel_nostream only: this fake of bigmodel_async
  // checks the value, but hears Chinese and English whatever it says.
  const { language } = audio;
  const known = typeof language === 'string' && (language === '' || volcengineLocales.includes(language));
  if (language !== undefined && !known) {
    return `unsupported audio.language ${JSON.stringify(language)}`;
  }
  if (request.result_type !== undefined && request.result_type !== 'full') {
    return 'this fake answers request.result_type "full" only';
  }
  const hotWords = hotWordsContext(request.corpus);
  return 'problem' in hotWords ? hotWords.problem : undefined;
}
