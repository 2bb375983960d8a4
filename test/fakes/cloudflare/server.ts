import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, type RecordedRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const cloudflareFakeApiToken = 'cf-fake-token-7a2b91e04d';
export const cloudflareFakeAccountId = '0123456789abcdef0123456789abcdef';

/** Cloudflare documents no limit; providers.md suggests refusing bodies over about 25 MB. */
export const cloudflareFakeMaxBodyBytes = 25_000_000;
const turboModel = '@cf/openai/whisper-large-v3-turbo';
const knownModels = new Set([turboModel, '@cf/openai/whisper', '@cf/openai/whisper-tiny-en']);

/**
 * Workers AI's run endpoint (`POST /client/v4/accounts/{account_id}/ai/run/{model}`, Bearer
 * token) for the Whisper models, answering in Cloudflare's `{result, success, errors, messages}`
 * envelope. Leniently, as providers.md advises, every model takes raw audio, a JSON byte array
 * or JSON base64; the turbo model answers with segments, the others with words (seconds).
 */
export async function startCloudflareFake(): Promise<ProviderFake> {
  const held = heldReplies();
  const server = await startFakeHttpServer(async (request, url, clientGone) => {
    const route = /^\/client\/v4\/accounts\/([^/]+)\/ai\/run\/(.+)$/.exec(url.pathname);
    if (route === null) return undefined;
    const [, accountId = '', model = ''] = route.map((part) => decodeURIComponent(part));
    if (request.headers.authorization !== `Bearer ${cloudflareFakeApiToken}`) {
      return failure(401, 10000, 'Authentication error');
    }
    if (accountId !== cloudflareFakeAccountId) {
      return failure(
        400,
        7003,
        `Could not route to /accounts/${accountId}/ai/run/${model}, perhaps your object identifier is invalid?`,
      );
    }
    if (request.method !== 'POST') return failure(405, 7001, 'Method not allowed for this route.');
    if (!knownModels.has(model)) return failure(400, 5007, `No such model ${model} or task`);
    if (request.body.length > cloudflareFakeMaxBodyBytes) return failure(413, 3006, 'Request is too large');
    const input = readInput(request);
    if (typeof input === 'string')
      return failure(400, 3010, `Invalid or incomplete input for the model: ${input}`);
    const wav = readWavInfo(input.audio);
    if (wav === undefined)
      return failure(400, 3010, 'Invalid or incomplete input for the model: audio could not be decoded');

    await held.released(clientGone);
    return {
      body: {
        result: whisperResult(model, wav.durationMs, input.language),
        success: true,
        errors: [],
        messages: [],
      },
    };
  });
  return {
    ...synchronousFake(server, held),
    baseUrl: `${server.baseUrl}/client/v4`,
  };
}

/** The audio and options of a request, or why they cannot be read. */
function readInput(request: RecordedRequest): { audio: Buffer; language?: string } | string {
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return { audio: request.body };
  let input: { audio?: unknown; language?: unknown };
  try {
    input = JSON.parse(request.body.toString('utf8')) as typeof input;
  } catch {
    return 'the body is not valid JSON';
  }
  if (
    input.language !== undefined &&
    (typeof input.language !== 'string' || !/^[a-z]{2}$/.test(input.language))
  ) {
    return 'language must be an ISO 639-1 code';
  }
  const language = input.language;
  if (typeof input.audio === 'string') return { audio: Buffer.from(input.audio, 'base64'), language };
  if (Array.isArray(input.audio) && input.audio.every((byte) => Number.isInteger(byte))) {
    return { audio: Buffer.from(input.audio as number[]), language };
  }
  return "must have required property 'audio'";
}

function whisperResult(model: string, durationMs: number, language = 'en') {
  const sentences = cannedSentences(durationMs).map((sentence) => ({
    text: `${sentence.text.charAt(0).toUpperCase()}${sentence.text.slice(1)}.`,
    words: sentence.words.map((word, position) => ({
      word: position === sentence.words.length - 1 ? `${word.word}.` : word.word,
      start: word.startMs / 1000,
      end: word.endMs / 1000,
    })),
  }));
  const text = sentences.map((sentence) => sentence.text).join(' ');
  const words = sentences.flatMap((sentence) => sentence.words);
  const vtt = `WEBVTT\n\n${sentences.map((sentence) => `${cue(sentence.words[0]?.start)} --> ${cue(sentence.words.at(-1)?.end)}\n${sentence.text}`).join('\n\n')}\n`;
  if (model !== turboModel) return { text, word_count: words.length, words, vtt };
  return {
    text,
    word_count: words.length,
    segments: sentences.map((sentence) => ({
      start: sentence.words[0]?.start ?? 0,
      end: sentence.words.at(-1)?.end ?? 0,
      text: ` ${sentence.text}`,
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.3,
      no_speech_prob: 0.01,
      words: sentence.words,
    })),
    vtt,
    transcription_info: {
      language,
      language_probability: 0.99,
      duration: durationMs / 1000,
      duration_after_vad: durationMs / 1000,
    },
  };
}

function cue(seconds = 0): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${(seconds - minutes * 60).toFixed(3).padStart(6, '0')}`;
}

function failure(status: number, code: number, message: string): FakeReply {
  return { status, body: { result: null, success: false, errors: [{ code, message }], messages: [] } };
}
