import { randomBytes } from 'node:crypto';

import { cannedSentences } from '../cannedSpeech.ts';
import {
  type FakeReply,
  type FakeRoute,
  type RecordedRequest,
  startFakeHttpServer,
} from '../fakeHttpServer.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';
import { hotWordsContext } from './hotWordsContext.ts';

export const volcengineFakeAppKey = 'volc-fake-app-7302114';
export const volcengineFakeAccessKey = 'volc-fake-access-a4c8e1d09b';

/** The flash recognizer's documented limit: 100 MB of audio. */
const maximumAudioBytes = 100_000_000;
const flashPath = '/api/v3/auc/bigmodel/recognize/flash';
/** The `audio.language` values Volcengine documents. */
export const volcengineLocales: readonly string[] = [
  'en-US',
  'ja-JP',
  'id-ID',
  'es-MX',
  'pt-BR',
  'de-DE',
  'fr-FR',
  'ko-KR',
  'fil-PH',
  'ms-MY',
  'th-TH',
  'ar-SA',
];

/**
 * A fake of Volcengine's synchronous flash file recognizer (`POST
 * /api/v3/auc/bigmodel/recognize/flash`, relative to `https://openspeech.bytedance.com`): the
 * `X-Api-*` headers, a JSON body with base64 audio, and the outcome in `X-Api-Status-Code`.
 * Audio in which the canned speech has no words is "silent audio" (20000003). Stateless; while
 * held, it withholds its answers.
 */
export async function startVolcengineFake(options: { maxAudioBytes?: number } = {}): Promise<ProviderFake> {
  const held = heldReplies();

  const route: FakeRoute = async (request, url, clientGone) => {
    if (url.pathname !== flashPath || request.method !== 'POST') return undefined;
    const header = (name: string) => request.headers[name.toLowerCase()];
    if (
      header('X-Api-App-Key') !== volcengineFakeAppKey ||
      header('X-Api-Access-Key') !== volcengineFakeAccessKey
    ) {
      return outcome(401, undefined, 'authentication failed: unknown X-Api-App-Key or X-Api-Access-Key');
    }
    if (header('X-Api-Resource-Id') !== 'volc.bigasr.auc_turbo') {
      return outcome(403, undefined, 'requested resource not granted');
    }
    if (!header('X-Api-Request-Id') || header('X-Api-Sequence') !== '-1') {
      return outcome(400, '45000001', 'X-Api-Request-Id and X-Api-Sequence: -1 are required');
    }
    const body = readJson(request);
    const audio = body?.audio as { data?: unknown; url?: unknown; language?: unknown } | undefined;
    const settings = body?.request as { model_name?: unknown; enable_speaker_info?: unknown } | undefined;
    if (body === undefined || settings?.model_name !== 'bigmodel' || typeof audio?.data !== 'string') {
      return outcome(400, '45000001', 'invalid request: request.model_name and audio.data are required');
    }
    const hotWords = hotWordsContext((settings as { corpus?: unknown }).corpus);
    if ('problem' in hotWords) return outcome(400, '45000001', `invalid request: ${hotWords.problem}`);
    const { language } = audio;
    if (language !== undefined && (typeof language !== 'string' || !volcengineLocales.includes(language))) {
      return outcome(
        400,
        '45000001',
        `invalid request: unsupported audio.language ${JSON.stringify(language)}`,
      );
    }
    const bytes = Buffer.from(audio.data, 'base64');
    if (bytes.length === 0) return outcome(400, '45000002', 'empty audio');
    if (bytes.length > (options.maxAudioBytes ?? maximumAudioBytes)) {
      return outcome(413, '45000001', 'audio is larger than 100 MB');
    }
    const wav = readWavInfo(bytes);
    if (wav === undefined) return outcome(400, '45000151', 'invalid audio format');
    const answer = recognition(wav.durationMs, settings.enable_speaker_info === true);
    await held.released(clientGone);
    return answer.result.utterances.length === 0
      ? outcome(200, '20000003', 'silent audio', answer)
      : outcome(200, '20000000', 'OK', answer);
  };

  const server = await startFakeHttpServer(route);
  return synchronousFake(server, held);
}

function readJson(request: RecordedRequest): Record<string, unknown> | undefined {
  if (!String(request.headers['content-type']).startsWith('application/json')) return undefined;
  try {
    const parsed: unknown = JSON.parse(request.body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Volcengine reports the outcome in headers; the body is empty unless there is a result. */
function outcome(
  httpStatus: number,
  statusCode: string | undefined,
  message: string,
  body?: unknown,
): FakeReply {
  return { status: httpStatus, headers: volcengineOutcomeHeaders(statusCode, message), body };
}

/** The headers that carry a recognition's outcome, e.g. for a `failNext(200, { headers })` answer. */
export function volcengineOutcomeHeaders(
  statusCode: string | undefined,
  message: string,
): Record<string, string> {
  return {
    ...(statusCode && { 'X-Api-Status-Code': statusCode }),
    'X-Api-Message': message,
    'X-Tt-Logid': randomBytes(16).toString('hex').toUpperCase(),
  };
}

/**
 * The canned speech as the flash recognizer reports it: one utterance per sentence, times in ms,
 * each word's confidence 0 as in Volcengine's examples. With `enable_speaker_info`, two speakers
 * ("1", "2") take turns by sentence, named in each utterance's `additions`.
 */
function recognition(durationMs: number, speakers: boolean) {
  const utterances = cannedSentences(durationMs).map((sentence, index) => ({
    ...(speakers && { additions: { speaker: String((index % 2) + 1) } }),
    text: `${sentence.text[0]?.toUpperCase()}${sentence.text.slice(1)}.`,
    start_time: sentence.words[0]?.startMs ?? 0,
    end_time: sentence.words.at(-1)?.endMs ?? 0,
    words: sentence.words.map((word) => ({
      text: word.word,
      start_time: word.startMs,
      end_time: word.endMs,
      confidence: 0,
    })),
  }));
  return {
    audio_info: { duration: durationMs },
    result: {
      additions: { duration: String(durationMs) },
      text: utterances.map((utterance) => utterance.text).join(' '),
      utterances,
    },
  };
}
