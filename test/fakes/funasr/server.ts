/**
 * The two FunASR servers P13 talks to, both FastAPI apps with no authentication, `GET /health`,
 * `GET /v1/models` and a multipart `POST /v1/audio/transcriptions`; errors are FastAPI's
 * `{"detail": …}`: 422 when `file` is missing, 400 for a model it does not serve, 500 when
 * inference fails.
 * - By default the OpenAI-compatible example server (modelscope/FunASR examples/openai_api/server.py):
 *   `verbose_json` echoes the requested language (or "auto") and the processing time, with segments
 *   only when the model gives sentence times.
 * - With `funasrServer`, the `funasr-server` command of the funasr package (funasr/bin/_server_app.py):
 *   `verbose_json` is `{task, language, duration, text, segments: [{id, start, end, text, words}]}`,
 *   where `language` is the requested one, else the one SenseVoice detected, else "unknown";
 *   `duration` is the audio's length; text without sentence times is cut into timed pieces; and
 *   Fun-ASR-Nano's words are nested in their segment.
 */
import { cannedSentences, cannedText } from '../cannedSpeech.ts';
import { type FakeReply, type RecordedRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { fastApiValidationError } from '../fastApiErrors.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export interface FunasrFakeOptions {
  /**
   * Answer SenseVoice text with its inline tags still in (`<|en|><|NEUTRAL|><|Speech|><|woitn|>…`),
   * as SenseVoice servers other than the official example do.
   */
  keepSenseVoiceTags?: boolean;
  /** Answer as the `funasr-server` command does, rather than the example server. */
  funasrServer?: boolean;
}

/** `paraformer-en` is gone: a request naming it is refused like any unknown model. */
const models = ['sensevoice', 'paraformer', 'fun-asr-nano'];
/** Models whose pipeline returns sentence timestamps; SenseVoice with VAD returns none. */
const timestampedModels = ['paraformer', 'fun-asr-nano'];
const senseVoiceLanguages = ['zh', 'en', 'ja', 'ko', 'yue'];

export async function startFunasrFake(options: FunasrFakeOptions = {}): Promise<ProviderFake> {
  const loaded = new Set(['sensevoice']);
  const held = heldReplies();
  const server = await startFakeHttpServer(async (request, url, clientGone) => {
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /health' && options.funasrServer === true) {
      return { body: { status: 'ok', device: 'cpu', models_loaded: [...loaded] } };
    }
    if (route === 'GET /v1/models' && options.funasrServer === true) {
      return { body: { object: 'list', data: models.map((id) => ({ id, object: 'model' })) } };
    }
    if (route === 'GET /health') {
      return {
        body: { status: 'ok', device: 'cpu', models_loaded: [...loaded], models_available: models },
      };
    }
    if (route === 'GET /v1/models') {
      return {
        body: {
          object: 'list',
          data: models.map((id) => ({
            id,
            object: 'model',
            created: 1_700_000_000,
            owned_by: 'funasr',
            ready: loaded.has(id),
          })),
        },
      };
    }
    if (route === 'POST /v1/audio/transcriptions') {
      const reply = await transcription(request, loaded, options);
      await held.released(clientGone);
      return reply;
    }
    if (['/health', '/v1/models', '/v1/audio/transcriptions'].includes(url.pathname)) {
      return { status: 405, body: { detail: 'Method Not Allowed' } };
    }
    return { status: 404, body: { detail: 'Not Found' } };
  });
  return synchronousFake(server, held);
}

async function transcription(
  request: RecordedRequest,
  loaded: Set<string>,
  options: FunasrFakeOptions,
): Promise<FakeReply> {
  let form: FormData;
  try {
    form = await readMultipartForm(request);
  } catch {
    return fastApiValidationError('file', 'Field required', 'missing');
  }
  const file = await formFileBytes(form, 'file');
  if (file === undefined) return fastApiValidationError('file', 'Field required', 'missing');
  const requestedModel = form.get('model');
  const model = typeof requestedModel === 'string' ? requestedModel : 'sensevoice';
  if (!models.includes(model)) {
    return {
      status: 400,
      body: { detail: `Model '${model}' not found. Available: ['${models.join("', '")}']` },
    };
  }
  const audio = readWavInfo(file);
  if (audio === undefined) {
    return { status: 500, body: { detail: 'Failed to load audio: the file could not be decoded' } };
  }
  loaded.add(model);
  const languageField = form.get('language');
  const language = typeof languageField === 'string' && languageField !== '' ? languageField : undefined;
  const sentences = cannedSentences(audio.durationMs);
  const tagged = model === 'sensevoice' && options.keepSenseVoiceTags === true;
  const taggedLanguage = language !== undefined && senseVoiceLanguages.includes(language) ? language : 'en';
  const text = tagged
    ? sentences
        .map((sentence) => `<|${taggedLanguage}|><|NEUTRAL|><|Speech|><|woitn|>${sentence.text}`)
        .join('')
    : cannedText(audio.durationMs);
  if (form.get('response_format') !== 'verbose_json') return { body: { text } };
  if (options.funasrServer === true) {
    return { body: funasrServerAnswer(model, audio.durationMs, language, text) };
  }
  const segments = timestampedModels.includes(model)
    ? sentences.map((sentence) => ({
        start: (sentence.words[0]?.startMs ?? 0) / 1000,
        end: (sentence.words.at(-1)?.endMs ?? 0) / 1000,
        text: sentence.text,
        speaker: null,
      }))
    : [];
  // `duration` is the server's processing time, not the audio's length.
  return { body: { text, segments, language: language ?? 'auto', duration: 0.213, model } };
}

/** `funasr-server`'s verbose_json for the canned speech (which SenseVoice hears as English). */
function funasrServerAnswer(model: string, durationMs: number, language: string | undefined, text: string) {
  const sentences = cannedSentences(durationMs);
  const timed = (start: number, end: number) => ({ start: start / 1000, end: end / 1000 });
  const segments =
    model === 'sensevoice'
      ? evenPieces(text, durationMs).map((piece) => ({
          ...timed(piece.startMs, piece.endMs),
          text: piece.text,
          words: [],
        }))
      : sentences.map((sentence) => ({
          ...timed(sentence.words[0]?.startMs ?? 0, sentence.words.at(-1)?.endMs ?? 0),
          text: sentence.text,
          // Fun-ASR-Nano (on vLLM) times its tokens; the other models leave the list empty.
          words:
            model === 'fun-asr-nano'
              ? sentence.words.map((word) => ({ word: word.word, ...timed(word.startMs, word.endMs) }))
              : [],
        }));
  const detected = model === 'sensevoice' ? 'en' : undefined;
  return {
    task: 'transcribe',
    language: language !== undefined && language !== 'auto' ? language : (detected ?? 'unknown'),
    duration: durationMs / 1000,
    text: model === 'fun-asr-nano' ? sentences.map((sentence) => sentence.text).join('') : text,
    segments: segments.map((segment, id) => ({ id, ...segment })),
  };
}

/**
 * What `funasr-server` does with text that has no sentence times: pieces of at most 80
 * characters cut at words (at sentence ends once half full), timed in proportion to their length.
 */
function evenPieces(text: string, durationMs: number) {
  const pieces: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > 80) {
      pieces.push(current);
      current = '';
    }
    current = current === '' ? word : `${current} ${word}`;
    if (/[.!?;:]$/.test(word) && current.length >= 40) {
      pieces.push(current);
      current = '';
    }
  }
  if (current !== '') pieces.push(current);
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  let consumed = 0;
  return pieces.map((piece) => {
    const startMs = Math.round((durationMs * consumed) / total);
    consumed += piece.length;
    return { text: piece, startMs, endMs: Math.round((durationMs * consumed) / total) };
  });
}
