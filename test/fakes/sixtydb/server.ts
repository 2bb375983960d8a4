import { randomUUID } from 'node:crypto';
import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, startFakeHttpServer } from '../fakeHttpServer.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const sixtyDbFakeApiKey = 'sk_live_fake_3d9e61a0c2';

/** 60db's documented file limit; larger uploads get 413 (the status is assumed, see providers.md). */
export const sixtyDbFakeMaxFileBytes = 10_000_000;
/** Codes 60db names as rejected with `unsupported_language`. */
export const unsupportedLanguages = new Set([
  'ur',
  'ja',
  'ko',
  'zh',
  'th',
  'vi',
  'id',
  'tl',
  'sw',
  'tr',
  'fa',
  'he',
]);
const languageNames: Record<string, string> = { en: 'English', hi: 'Hindi', ta: 'Tamil', bn: 'Bengali' };

/**
 * 60db's REST STT (`POST /stt`, multipart, `Authorization: Bearer <key>`): `language` (one code
 * or `auto`), `languages` (comma list), `timestamps` (`none` | `word`), `diarize`. The answer is
 * the documented one: no `success` field, `languages` null unless candidates were given, words
 * inside their segment (timed with `timestamps=word`) and the top-level `words` empty, and
 * `speakers` (each timed) only with `diarize=true`. Errors as `{success: false, error, message}`
 * (field names unconfirmed).
 */
export async function startSixtyDbFake(): Promise<ProviderFake> {
  const held = heldReplies();
  const server = await startFakeHttpServer(async (request, url, clientGone) => {
    if (url.pathname !== '/stt') return undefined;
    if (request.method !== 'POST') return failure(405, 'method_not_allowed', 'Use POST.');
    if (request.headers.authorization !== `Bearer ${sixtyDbFakeApiKey}`) {
      return failure(401, 'unauthorized', 'Invalid or missing API key.');
    }
    const form = await readMultipartForm(request).catch(() => undefined);
    if (form === undefined) return failure(400, 'invalid_request', 'The body must be multipart/form-data.');
    const file = await formFileBytes(form, 'file');
    if (file === undefined) return failure(400, 'invalid_request', 'The file field is required.');
    if (file.length > sixtyDbFakeMaxFileBytes) {
      return failure(413, 'file_too_large', 'The file is larger than the 10 MB limit.');
    }
    const language = stringField(form, 'language');
    const candidates = stringField(form, 'languages')?.split(',').filter(Boolean) ?? [];
    for (const code of [language ?? 'auto', ...candidates]) {
      if (code !== 'auto' && (unsupportedLanguages.has(code) || !/^[a-z]{2}$/.test(code))) {
        return failure(400, 'unsupported_language', `Language '${code}' is not supported.`);
      }
    }
    const timestamps = stringField(form, 'timestamps') ?? 'none';
    if (timestamps !== 'none' && timestamps !== 'word') {
      return failure(400, 'invalid_request', "timestamps must be 'none' or 'word'.");
    }
    const wav = readWavInfo(file);
    if (wav === undefined) return failure(400, 'invalid_audio', 'The file could not be decoded as audio.');

    await held.released(clientGone);
    const detected = language !== undefined && language !== 'auto' ? language : (candidates[0] ?? 'en');
    return {
      body: answer(
        wav.durationMs,
        detected,
        candidates,
        timestamps === 'word',
        stringField(form, 'diarize') === 'true',
      ),
    };
  });
  return synchronousFake(server, held);
}

function answer(
  durationMs: number,
  language: string,
  candidates: string[],
  withWords: boolean,
  diarize: boolean,
) {
  const languageName = languageNames[language] ?? language;
  const segments = cannedSentences(durationMs).map((sentence, index) => {
    const start = (sentence.words[0]?.startMs ?? 0) / 1000;
    const end = (sentence.words.at(-1)?.endMs ?? 0) / 1000;
    const words = sentence.words.map((word) => ({
      word: word.word,
      ...(withWords ? { start: word.startMs / 1000, end: word.endMs / 1000 } : {}),
      confidence: 0.93,
    }));
    return {
      start,
      end,
      language,
      language_name: languageName,
      text: `${sentence.text.charAt(0).toUpperCase()}${sentence.text.slice(1)}.`,
      confidence: 0.93,
      words,
      ...(diarize ? { speakers: [{ speaker: `SPEAKER_0${index % 2}`, start, end }] } : {}),
    };
  });
  return {
    request_id: randomUUID(),
    language,
    language_name: languageName,
    languages: candidates.length > 0 ? candidates : null,
    language_source: candidates.length > 0 ? 'lid_per_segment' : 'fast_path',
    duration_sec: durationMs / 1000,
    processing_ms: 850,
    rtf: 0.07,
    text: segments.map((segment) => segment.text).join(' '),
    segments,
    words: [],
    warnings: [],
    warning_codes: [],
    language_detection: { mode: 'fast_path', candidates, segment_count: segments.length, lid_calls: 1 },
  };
}

function stringField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

function failure(status: number, error: string, message: string): FakeReply {
  return { status, body: { success: false, error, message } };
}
