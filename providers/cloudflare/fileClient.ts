import { z } from 'zod';
import type {
  FileTranscriptionRequest,
  FileTranscriptionResult,
  TimedWord,
  TranscribedSegment,
} from '../contract.ts';
import { type AnswerDescription, readAnswer, unexpectedShape } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { ProviderError, redactSecrets } from '../http/providerError.ts';
import { base64JsonFileBody, base64Length, rawFileBody, type UploadBody } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { uploadTimeoutMs, vendorJson } from '../http/vendorRequest.ts';
import { sentenceSegments } from '../sentenceSegments.ts';
import { millisecondsOrNull, placeUntimed } from '../untimedSegments.ts';
import { transcriptionPrompt } from '../openai-compatible/transcriptionPrompt.ts';
import type { CloudflareConfig } from './config.ts';

const vendor = 'Cloudflare';
const answerDescription: AnswerDescription = { vendor, showMismatch: true };
const turboModel = '@cf/openai/whisper-large-v3-turbo';

const seconds = z.number().nullish();
const wordSchema = z.object({ word: z.string().nullish(), start: seconds, end: seconds });
type Word = z.output<typeof wordSchema>;
const envelopeSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).nullish(),
  result: z
    .object({
      text: z.string(),
      // Every field of a segment or a word is optional in Workers AI's own types (@cloudflare/workers-types).
      segments: z
        .array(
          z.object({
            start: seconds,
            end: seconds,
            text: z.string().nullish(),
            words: z.array(wordSchema).nullish(),
          }),
        )
        .nullish(),
      words: z.array(wordSchema).nullish(),
      transcription_info: z.object({ language: z.string().nullish() }).nullish(),
    })
    .nullish(),
});
type Envelope = z.output<typeof envelopeSchema>;

/**
 * Workers AI: one synchronous `POST /accounts/{account_id}/ai/run/{model}` per chunk. The turbo
 * model takes JSON with the audio as base64 (streamed, never held in memory) and answers with
 * segments, each with its timed words; the base model takes the raw WAV and answers with words,
 * grouped here into sentences that keep them. Times are in seconds. Whisper tells no speakers apart.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<CloudflareConfig>,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const secrets = [config.apiToken, config.accountId];
  const progress = uploadThenProcessing((event) => request.onProgress(event));
  const language = request.languageHints[0];
  // The vocabulary alone: earlier text would undo not conditioning on it.
  const initialPrompt = transcriptionPrompt(undefined, request.vocabulary);
  const body = (): UploadBody =>
    config.model === turboModel
      ? base64JsonFileBody(
          (audio) => ({
            audio,
            task: 'transcribe',
            // Skipping silence and not conditioning on earlier text are Whisper's guards against
            // hallucinated repetitions.
            vad_filter: true,
            condition_on_previous_text: false,
            ...(language === undefined ? {} : { language }),
            ...(initialPrompt === undefined ? {} : { initial_prompt: initialPrompt }),
          }),
          request.wavPath,
          progress,
        )
      : // The base model documents raw audio bytes as its body and detects the language itself.
        rawFileBody(request.wavPath, 'application/octet-stream', progress);

  const answer = await vendorJson<unknown>({
    vendor,
    // The model id goes into the path as is, '@' and slashes included.
    url: apiUrl(request.baseUrl, `/accounts/${encodeURIComponent(config.accountId)}/ai/run/${config.model}`),
    headers: { authorization: `Bearer ${config.apiToken}` },
    body,
    signal: request.signal,
    secrets,
    timeoutMs: uploadTimeoutMs(base64Length(request.wavBytes)),
  });
  return toResult(answer, secrets, request.durationMs);
}

function toResult(answer: unknown, secrets: readonly string[], durationMs: number): FileTranscriptionResult {
  const envelope: Envelope = readAnswer(envelopeSchema, answer, answerDescription);
  if (!envelope.success) {
    const error = envelope.errors?.[0];
    const reason =
      error === undefined ? 'no reason given' : `${error.message} (code ${error.code ?? 'unknown'})`;
    throw new ProviderError(
      'permanent',
      redactSecrets(`${vendor} could not transcribe the audio: ${reason}`, secrets),
    );
  }
  const result = envelope.result;
  if (result === null || result === undefined) {
    throw unexpectedShape(answerDescription, { path: ['result'], message: 'no result' });
  }
  const language = result.transcription_info?.language ?? undefined;
  let segments: TranscribedSegment[];
  if (result.segments !== null && result.segments !== undefined) {
    const spoken = result.segments.flatMap((segment) => {
      const text = segment.text?.trim() ?? '';
      const words = (segment.words ?? []).flatMap(timedWord);
      return text === ''
        ? []
        : [
            {
              text,
              startMs: millisecondsOrNull(segment.start),
              endMs: millisecondsOrNull(segment.end),
              ...(words.length > 0 && { words }),
            },
          ];
    });
    segments = placeUntimed(spoken, durationMs).map((segment) => ({
      ...segment,
      language: language ?? null,
    }));
  } else if (result.words !== null && result.words !== undefined) {
    const words = result.words.flatMap(({ word, start, end }) => {
      const text = word ?? '';
      return text.trim() === ''
        ? []
        : [
            {
              text,
              startMs: millisecondsOrNull(start),
              endMs: millisecondsOrNull(end),
              placed: start === null || start === undefined || end === null || end === undefined,
            },
          ];
    });
    segments = sentenceSegments(
      placeUntimed(words, durationMs).map((word) => ({ ...word, speaker: null, language: language ?? null })),
      { keepWords: true },
    );
  } else {
    // Both lists are optional; the text alone is what the model heard in the whole chunk.
    const text = result.text.trim();
    segments = text === '' ? [] : [{ text, startMs: 0, endMs: durationMs, language: language ?? null }];
  }
  return language === undefined ? { segments } : { segments, language };
}

/** A word as Whisper timed it (seconds), or none when it lacks its text or a time. */
function timedWord({ word, start, end }: Word): TimedWord[] {
  const text = word?.trim() ?? '';
  const startMs = millisecondsOrNull(start);
  const endMs = millisecondsOrNull(end);
  return text === '' || startMs === null || endMs === null ? [] : [{ text, startMs, endMs }];
}
