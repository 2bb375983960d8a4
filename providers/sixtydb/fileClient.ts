import { statSync } from 'node:fs';
import { z } from 'zod';
import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { ProviderError, redactSecrets } from '../http/providerError.ts';
import { multipartFileBody, wavFilePart } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { vendorMessage } from '../http/vendorMessage.ts';
import { uploadTimeoutMs, vendorJson } from '../http/vendorRequest.ts';
import { providerTerms } from '../vocabulary/fittingTerms.ts';
import type { SixtyDbConfig } from './config.ts';
import { metadata, sixtyDbMaxRequestBytes } from './metadata.ts';
import { sixtyDbSpeakersSchema, sixtyDbWordSchema, wordsAndSpeaker } from './sixtyDbWords.ts';
import { keywordsField } from './vocabularyFields.ts';

const vendor = '60db';
const mostCandidateLanguages = 5;

const answerSchema = z.object({
  success: z.boolean().optional(),
  language: z.string().nullish(),
  segments: z.array(
    z.object({
      start: z.number(),
      end: z.number(),
      text: z.string(),
      language: z.string().nullish(),
      words: z.array(sixtyDbWordSchema).nullish(),
      // Only with `diarize=true`.
      speakers: sixtyDbSpeakersSchema,
    }),
  ),
});

/**
 * REST STT: one multipart `POST /stt` per chunk with word timestamps; segments come back timed in
 * seconds, with their words and, diarized, their speakers. Files over 10 MB are refused here, before any byte is sent, since 60db would only
 * answer 413 after the whole upload.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<SixtyDbConfig>,
): Promise<FileTranscriptionResult> {
  const wavBytes = statSync(request.wavPath).size;
  if (wavBytes > sixtyDbMaxRequestBytes) {
    throw new ProviderError(
      'permanent',
      `${vendor} takes at most ${sixtyDbMaxRequestBytes / 1_000_000} MB (${bytes(sixtyDbMaxRequestBytes)}) per request, but this audio is ${bytes(wavBytes)}; it has to be sent in shorter parts.`,
    );
  }
  const { config } = request;
  const hints = request.languageHints.slice(0, mostCandidateLanguages);
  const answer = await vendorJson<unknown>({
    vendor,
    url: apiUrl(request.baseUrl, '/stt'),
    headers: { authorization: `Bearer ${config.apiKey}` },
    body: () =>
      multipartFileBody(
        {
          // One hint is the language; several are candidates to detect among; none means detect.
          language: hints.length === 1 ? hints[0] : undefined,
          languages: hints.length > 1 ? hints.join(',') : undefined,
          timestamps: 'word',
          // Sent only when asked for, so that 60db's default stays as it is otherwise.
          diarize: config.enableSpeakerDiarization ? 'true' : undefined,
          keywords: keywordsField(providerTerms(metadata, 'file', request.vocabulary)),
        },
        wavFilePart(request.wavPath),
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
    signal: request.signal,
    secrets: [config.apiKey],
    timeoutMs: uploadTimeoutMs(wavBytes),
  });
  return toResult(answer, [config.apiKey], config.enableSpeakerDiarization);
}

function toResult(answer: unknown, secrets: readonly string[], speakers: boolean): FileTranscriptionResult {
  if ((answer as { success?: unknown } | null)?.success === false) {
    const message = vendorMessage(JSON.stringify(answer)) || 'no reason given';
    throw new ProviderError(
      'permanent',
      redactSecrets(`${vendor} could not transcribe the audio: ${message}`, secrets),
    );
  }
  const parsed = readAnswer(answerSchema, answer, { vendor, showMismatch: true });
  const language = parsed.language ?? undefined;
  const segments: TranscribedSegment[] = [];
  for (const segment of parsed.segments) {
    const text = segment.text.trim();
    if (text === '') continue;
    const startMs = Math.round(segment.start * 1000);
    const endMs = Math.round(segment.end * 1000);
    const { words, speaker } = wordsAndSpeaker({ ...segment, startMs, endMs }, speakers);
    segments.push({
      text,
      startMs,
      endMs,
      speaker: speaker ?? null,
      language: segment.language ?? language ?? null,
      ...(words.length > 0 && { words }),
    });
  }
  return language === undefined ? { segments } : { segments, language };
}

function bytes(count: number): string {
  return `${count.toLocaleString('en')} bytes`;
}
