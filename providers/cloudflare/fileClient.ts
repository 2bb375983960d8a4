import { z } from 'zod';
import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { type AnswerDescription, readAnswer, unexpectedShape } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { ProviderError, redactSecrets } from '../http/providerError.ts';
import { base64JsonFileBody, base64Length, rawFileBody, type UploadBody } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { uploadTimeoutMs, vendorJson } from '../http/vendorRequest.ts';
import { sentenceSegments } from '../sentenceSegments.ts';
import type { CloudflareConfig } from './config.ts';

const vendor = 'Cloudflare';
const answerDescription: AnswerDescription = { vendor, showMismatch: true };
const turboModel = '@cf/openai/whisper-large-v3-turbo';

const envelopeSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).nullish(),
  result: z
    .object({
      segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
      words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).optional(),
      transcription_info: z.object({ language: z.string().optional() }).optional(),
    })
    .nullish(),
});
type Envelope = z.output<typeof envelopeSchema>;

/**
 * Workers AI: one synchronous `POST /accounts/{account_id}/ai/run/{model}` per chunk. The turbo
 * model takes JSON with the audio as base64 (streamed, never held in memory) and answers with
 * segments; the base model takes the raw WAV and answers with words. Times are in seconds.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<CloudflareConfig>,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const secrets = [config.apiToken, config.accountId];
  const progress = uploadThenProcessing((event) => request.onProgress(event));
  const language = request.languageHints[0];
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
  return toResult(answer, secrets);
}

function toResult(answer: unknown, secrets: readonly string[]): FileTranscriptionResult {
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
  const language = result?.transcription_info?.language;
  let segments: TranscribedSegment[];
  if (result?.segments !== undefined) {
    segments = result.segments
      .map((segment) => ({
        text: segment.text.trim(),
        startMs: Math.round(segment.start * 1000),
        endMs: Math.round(segment.end * 1000),
        language: language ?? null,
      }))
      .filter((segment) => segment.text !== '');
  } else if (result?.words !== undefined) {
    segments = sentenceSegments(
      result.words.map((word) => ({
        text: word.word,
        startMs: Math.round(word.start * 1000),
        endMs: Math.round(word.end * 1000),
        speaker: null,
        language: language ?? null,
      })),
    );
  } else {
    throw unexpectedShape(answerDescription, { path: ['result'], message: 'neither segments nor words' });
  }
  return language === undefined ? { segments } : { segments, language };
}
