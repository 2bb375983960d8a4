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
      // Only with `diarize=true`; each speaker heard in the segment, with when (seconds).
      speakers: z
        .array(z.object({ speaker: z.string(), start: z.number().nullish(), end: z.number().nullish() }))
        .nullish(),
    }),
  ),
});

/**
 * REST STT: one multipart `POST /stt` per chunk with word timestamps; segments come back timed in
 * seconds. Files over 10 MB are refused here, before any byte is sent, since 60db would only
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
          keywords: keywordsField(providerTerms(metadata, 'file', request.vocabulary)),
        },
        wavFilePart(request.wavPath),
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
    signal: request.signal,
    secrets: [config.apiKey],
    timeoutMs: uploadTimeoutMs(wavBytes),
  });
  return toResult(answer, [config.apiKey]);
}

function toResult(answer: unknown, secrets: readonly string[]): FileTranscriptionResult {
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
    segments.push({
      text,
      startMs: Math.round(segment.start * 1000),
      endMs: Math.round(segment.end * 1000),
      speaker: mainSpeaker(segment),
      language: segment.language ?? language ?? null,
    });
  }
  return language === undefined ? { segments } : { segments, language };
}

type AnswerSegment = z.output<typeof answerSchema>['segments'][number];

/** The speaker heard longest within the segment (the first listed when 60db gives no times). */
function mainSpeaker(segment: AnswerSegment): string | null {
  let main: { speaker: string; heardFor: number } | undefined;
  for (const { speaker, start, end } of segment.speakers ?? []) {
    const heardFor =
      start === null || start === undefined || end === null || end === undefined
        ? 0
        : Math.min(end, segment.end) - Math.max(start, segment.start);
    if (main === undefined || heardFor > main.heardFor) main = { speaker, heardFor };
  }
  return main?.speaker ?? null;
}

function bytes(count: number): string {
  return `${count.toLocaleString('en')} bytes`;
}
