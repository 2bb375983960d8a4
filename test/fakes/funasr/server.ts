/**
 * FunASR's OpenAI-compatible example server (P13, modelscope/FunASR examples/openai_api): a
 * FastAPI app with no authentication, `GET /health`, `GET /v1/models` and a multipart
 * `POST /v1/audio/transcriptions`. Errors are FastAPI's `{"detail": …}`: 422 when `file` is
 * missing, 400 for a model it does not serve, 500 when inference fails.
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
