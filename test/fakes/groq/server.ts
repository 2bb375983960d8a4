/**
 * Groq's speech-to-text API (P11) as its documentation describes it: Bearer auth, a multipart
 * POST to `/audio/transcriptions` under the `/openai/v1` base, Whisper models, OpenAI-style error
 * bodies, the 25 MB file limit and `verbose_json` answers carrying `x_groq`.
 */
import { randomBytes } from 'node:crypto';
import { type FakeReply, type RecordedRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import { whisperAnswer } from '../openai-compatible/whisperAnswer.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { offGridWords } from '../openai-compatible/offGridWords.ts';
import { readWavInfo } from '../wavAudio.ts';

export const groqFakeApiKey = 'gsk_fake_3Jq9TzP0aLw7c2Vn';

export interface GroqFakeOptions {
  /** Groq's free tier: 25 MB per file. */
  maxFileBytes?: number;
}

const models = ['whisper-large-v3-turbo', 'whisper-large-v3'];
const formats = ['json', 'verbose_json', 'text'];
const granularityValues = ['word', 'segment'];
/** Groq refuses audio shorter than 0.01 s. */
const shortestAudioMs = 10;
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

export async function startGroqFake(options: GroqFakeOptions = {}): Promise<ProviderFake> {
  const maxFileBytes = options.maxFileBytes ?? 25 * 1024 * 1024;
  const held = heldReplies();
  const server = await startFakeHttpServer(async (request, url, clientGone) => {
    if (request.method !== 'POST' || url.pathname !== '/audio/transcriptions') {
      return groqError(
        404,
        `Unknown request URL: ${request.method} ${url.pathname}. Please check the URL for typos.`,
        'unknown_url',
      );
    }
    if (request.headers.authorization !== `Bearer ${groqFakeApiKey}`) {
      return groqError(401, 'Invalid API Key', 'invalid_api_key');
    }
    const reply = await transcription(request, maxFileBytes);
    await held.released(clientGone);
    return reply;
  });
  return synchronousFake(server, held);
}

function groqError(status: number, message: string, code?: string): FakeReply {
  return { status, body: { error: { message, type: 'invalid_request_error', ...(code ? { code } : {}) } } };
}

async function transcription(request: RecordedRequest, maxFileBytes: number): Promise<FakeReply> {
  let form: FormData;
  try {
    form = await readMultipartForm(request);
  } catch {
    return groqError(400, 'request Content-Type must be multipart/form-data');
  }
  const model = form.get('model');
  if (typeof model !== 'string' || model === '')
    return groqError(400, "'model' : property 'model' is missing");
  if (!models.includes(model)) {
    return groqError(
      404,
      `The model \`${model}\` does not exist or you do not have access to it.`,
      'model_not_found',
    );
  }
  const format = form.get('response_format') ?? 'json';
  if (typeof format !== 'string' || !formats.includes(format)) {
    return groqError(400, `response_format must be one of ${formats.join(', ')}`);
  }
  const granularities = form.getAll('timestamp_granularities[]').map(String);
  if (granularities.some((value) => !granularityValues.includes(value))) {
    return groqError(400, 'timestamp_granularities must contain only word or segment');
  }
  if (granularities.length > 0 && format !== 'verbose_json') {
    return groqError(400, 'timestamp_granularities is only supported with response_format verbose_json');
  }
  const language = form.get('language');
  if (language !== null && (typeof language !== 'string' || languageName(language) === undefined)) {
    return groqError(400, 'language must be a supported ISO-639-1 code, such as en');
  }
  const prompt = form.get('prompt');
  if (prompt !== null && typeof prompt !== 'string') return groqError(400, 'prompt must be a string');
  const file = await formFileBytes(form, 'file');
  if (file === undefined) return groqError(400, 'either file or url must be provided');
  if (file.length > maxFileBytes) return groqError(413, 'Request Entity Too Large', 'request_too_large');
  const audio = readWavInfo(file);
  if (audio === undefined) return groqError(400, 'could not process file - is it a valid media file?');
  if (audio.durationMs < shortestAudioMs) {
    return groqError(400, 'Audio file is too short. Minimum audio length is 0.01 seconds.');
  }
  const answer = whisperAnswer({
    durationMs: audio.durationMs,
    words: offGridWords(file),
    format: format as 'json' | 'verbose_json' | 'text',
    granularities,
    // Groq names the language ("English") rather than giving its code.
    languageName: languageName(typeof language === 'string' ? language : 'en') ?? 'English',
  });
  if (typeof answer === 'string') return { body: answer };
  return { body: { ...answer, x_groq: { id: `req_${randomBytes(12).toString('hex')}` } } };
}

function languageName(code: string): string | undefined {
  if (!/^[a-z]{2,3}$/.test(code)) return undefined;
  try {
    return languageNames.of(code);
  } catch {
    return undefined;
  }
}
