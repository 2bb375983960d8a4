import { randomBytes, randomUUID } from 'node:crypto';
import type { FakeReply, RecordedRequest } from '../fakeHttpServer.ts';
import type { HeardWord } from '../streaming/markedSpeech.ts';
import { type FollowerUpdate, SpeechFollower } from '../streaming/speechFollower.ts';
import {
  type FakeWire,
  type StreamingConnection,
  type StreamingFake,
  startStreamingFake,
} from '../streaming/streamingFake.ts';
import { gladiaError, gladiaFakeApiKey, languagesOf } from './server.ts';

/** One session created by `POST /v2/live`. */
export interface GladiaLiveSession {
  id: string;
  token: string;
  /** The init body as the client sent it. */
  settings: Record<string, unknown>;
  languages: string[];
  ended: boolean;
}

export interface GladiaStreamingFake extends StreamingFake {
  /** Every live session created so far, in order. */
  sessions: GladiaLiveSession[];
  /** The next WebSocket connection gets this `error` message as it opens, then closes. */
  errorNext(message: (session: GladiaLiveSession) => Record<string, unknown>): void;
}

interface MessageSettings {
  partials: boolean;
  finals: boolean;
  lifecycle: boolean;
  acknowledgments: boolean;
}

const sessionOfConnection = new WeakMap<StreamingConnection, GladiaLiveSession>();

/** The live session a WebSocket connection streamed into (found through its token). */
export function gladiaSessionOf(connection: StreamingConnection): GladiaLiveSession | undefined {
  return sessionOfConnection.get(connection);
}

const initRefusals: Record<number, string> = {
  402: 'You have no credit left: add a payment method to keep using live transcription.',
  429: 'You have reached the maximum number of concurrent live sessions.',
  503: 'The service is temporarily unavailable, please retry later.',
};

/**
 * Gladia's live v2 API: `POST /v2/live` checks `x-gladia-key` and the session settings (raw PCM16
 * 16 kHz mono; solaria-1, the only live model) and answers 201 with a WebSocket URL on this port
 * whose `token` authorises the upgrade (an unknown or ended token is refused with HTTP 401). On the
 * socket: nothing until audio comes (`start_session` is not sent there: the official SDK makes it up
 * itself from the init's answer and sends audio as soon as the socket opens), then `start_recording`
 * at the first audio (lifecycle events),
 * `transcript` partials and finals as `messages_config` asks, and `stop_recording` answered by the
 * last finals, `end_recording`, `end_session` and close 1000. `rejectNext` refuses the next init
 * with that HTTP status, as Gladia refuses a session it will not open (402 no credit, 429 too many
 * sessions, 503 unavailable).
 */
export async function startGladiaStreamingFake(): Promise<GladiaStreamingFake> {
  const sessions: GladiaLiveSession[] = [];
  let initRejection: number | undefined;
  let nextError: ((session: GladiaLiveSession) => Record<string, unknown>) | undefined;

  const createSession = (request: RecordedRequest, url: URL): FakeReply | undefined => {
    if (url.pathname !== '/v2/live') return undefined;
    if (request.method !== 'POST') return gladiaError(405, url, 'Only POST is allowed on /v2/live.');
    if (request.headers['x-gladia-key'] !== gladiaFakeApiKey) {
      return gladiaError(401, url, 'Invalid or missing x-gladia-key header.');
    }
    const rejection = initRejection;
    initRejection = undefined;
    if (rejection !== undefined) {
      return gladiaError(rejection, url, initRefusals[rejection] ?? `Injected failure ${rejection}.`);
    }
    let settings: Record<string, unknown>;
    try {
      settings = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return gladiaError(400, url, 'The request body is not valid JSON.');
    }
    const languages = languagesOf(settings);
    const problems = [
      mismatch(settings, 'encoding', 'wav/pcm', 'this fake decodes wav/pcm only'),
      mismatch(settings, 'bit_depth', 16, 'this fake decodes 16-bit audio only'),
      mismatch(settings, 'sample_rate', 16_000, 'this fake decodes 16000 Hz audio only'),
      mismatch(settings, 'channels', 1, 'this fake decodes mono audio only'),
      mismatch(settings, 'model', 'solaria-1', 'model must be solaria-1 (solaria-3 is pre-recorded only)'),
      languages === undefined
        ? { field: 'language_config', message: 'language_config.languages must be a list of language codes' }
        : undefined,
    ].filter((problem) => problem !== undefined);
    if (problems.length > 0) return gladiaError(400, url, 'Invalid request.', problems);
    const session: GladiaLiveSession = {
      id: randomUUID(),
      token: randomBytes(18).toString('base64url'),
      settings,
      languages: languages ?? [],
      ended: false,
    };
    sessions.push(session);
    return {
      status: 201,
      body: {
        id: session.id,
        created_at: new Date().toISOString(),
        url: `ws://${request.headers.host}/v2/live?token=${session.token}`,
      },
    };
  };

  const fake = await startStreamingFake({
    paths: ['/v2/live'],
    httpRoute: createSession,
    checkUpgrade: (_request, url) => {
      const session = sessions.find((candidate) => candidate.token === url.searchParams.get('token'));
      if (session === undefined || session.ended) {
        return { status: 401, body: { statusCode: 401, message: 'Invalid or expired live session token.' } };
      }
      return undefined;
    },
    connected: (wire, url) => {
      const session = sessions.find((candidate) => candidate.token === url.searchParams.get('token'));
      if (session === undefined) throw new Error('a connection passed the token check without a session');
      sessionOfConnection.set(wire.connection, session);
      const error = nextError;
      nextError = undefined;
      return followSession(wire, session, error?.(session));
    },
  });

  return {
    ...fake,
    sessions,
    rejectNext: (status) => {
      initRejection = status;
    },
    errorNext: (message) => {
      nextError = message;
    },
  };
}

/** One WebSocket connection to a live session, until `stop_recording` ends it. */
function followSession(
  wire: FakeWire,
  session: GladiaLiveSession,
  error: Record<string, unknown> | undefined,
) {
  const messages = messageSettings(session.settings);
  const follower = new SpeechFollower();
  const language = session.languages[0] ?? 'en';
  let recording = false;
  let utteranceIndex = 0;
  const send = (type: string, fields: Record<string, unknown> = {}) =>
    wire.send({ session_id: session.id, created_at: new Date().toISOString(), type, ...fields });

  const report = (updates: FollowerUpdate[]) => {
    for (const update of updates) {
      const isFinal = update.kind === 'final';
      if (isFinal ? messages.finals : messages.partials) {
        send('transcript', {
          data: {
            id: `${session.id.slice(0, 8)}-${utteranceIndex}`,
            is_final: isFinal,
            utterance: utterance(update.words, isFinal, language),
          },
        });
      }
      if (isFinal) utteranceIndex++;
    }
  };
  const audio = (pcm: Buffer) => {
    if (!recording && messages.lifecycle) send('start_recording');
    recording = true;
    if (!wire.audioReceived(pcm.length)) return;
    report(follower.push(pcm));
  };

  if (error !== undefined) {
    wire.send(error);
    wire.close(1011, 'session error');
  }
  return (data: Buffer, isBinary: boolean) => {
    if (isBinary) {
      audio(data);
      return;
    }
    const message = JSON.parse(data.toString('utf8')) as { type?: string; data?: { chunk?: string } };
    if (message.type === 'audio_chunk' && typeof message.data?.chunk === 'string') {
      audio(Buffer.from(message.data.chunk, 'base64'));
      return;
    }
    if (message.type !== 'stop_recording') return;
    const durationSeconds = follower.heardMs / 1000;
    if (messages.acknowledgments) {
      send('stop_recording', {
        acknowledged: true,
        data: { recording_duration: durationSeconds, recording_left_to_process: 0 },
      });
    }
    report(follower.flush());
    session.ended = true;
    if (messages.lifecycle) {
      send('end_recording', { data: { recording_duration: durationSeconds } });
      send('end_session');
    }
    wire.close(1000);
  };
}

/** An utterance as Gladia reports it: seconds, words with their leading space; finals punctuated. */
function utterance(words: readonly HeardWord[], isFinal: boolean, language: string) {
  const spoken = words.map((word, index) => {
    const first = index === 0;
    const last = index === words.length - 1;
    let text = isFinal && first ? word.word.charAt(0).toUpperCase() + word.word.slice(1) : word.word;
    if (isFinal && last) text = `${text}.`;
    return {
      word: `${first ? '' : ' '}${text}`,
      start: word.startMs / 1000,
      end: word.endMs / 1000,
      confidence: 0.93,
    };
  });
  return {
    start: spoken[0]?.start ?? 0,
    end: spoken.at(-1)?.end ?? 0,
    confidence: 0.93,
    channel: 0,
    language,
    text: spoken.map((word) => word.word).join(''),
    words: spoken,
  };
}

/** Gladia's `messages_config` with its documented defaults (partials and lifecycle events off). */
function messageSettings(settings: Record<string, unknown>): MessageSettings {
  const config = (
    typeof settings.messages_config === 'object' && settings.messages_config !== null
      ? settings.messages_config
      : {}
  ) as Record<string, unknown>;
  return {
    partials: config.receive_partial_transcripts === true,
    finals: config.receive_final_transcripts !== false,
    lifecycle: config.receive_lifecycle_events === true,
    acknowledgments: config.receive_acknowledgments !== false,
  };
}

function mismatch(settings: Record<string, unknown>, field: string, accepted: unknown, message: string) {
  return settings[field] === undefined || settings[field] === accepted ? undefined : { field, message };
}
