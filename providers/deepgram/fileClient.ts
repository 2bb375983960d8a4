import { z } from 'zod';
import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { rawFileBody } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { uploadTimeoutMs, vendorJson } from '../http/vendorRequest.ts';
import type { DeepgramConfig } from './config.ts';

const vendor = 'Deepgram';
const answerSchema = z.object({
  results: z.object({
    channels: z.array(z.object({ detected_language: z.string().optional() })),
    utterances: z.array(
      z.object({
        start: z.number(),
        end: z.number(),
        transcript: z.string(),
        speaker: z.number().optional(),
      }),
    ),
  }),
});

/**
 * Pre-recorded transcription: the WAV goes as the raw request body to `POST /v1/listen`, and the
 * answer's utterances (Deepgram's own sentence-like segments, times in seconds) become segments.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<DeepgramConfig>,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const url = new URL(apiUrl(request.baseUrl, '/v1/listen'));
  url.searchParams.set('model', config.model);
  url.searchParams.set('punctuate', 'true');
  url.searchParams.set('smart_format', 'true');
  url.searchParams.set('utterances', 'true');
  const language = request.languageHints[0];
  if (language === undefined) url.searchParams.set('detect_language', 'true');
  else url.searchParams.set('language', language);

  const answer = await vendorJson<unknown>({
    vendor,
    url: url.toString(),
    headers: { authorization: `Token ${config.apiKey}` },
    body: () =>
      rawFileBody(
        request.wavPath,
        'audio/wav',
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
    signal: request.signal,
    secrets: [config.apiKey],
    timeoutMs: uploadTimeoutMs(request.wavBytes),
  });
  return toResult(answer);
}

function toResult(answer: unknown): FileTranscriptionResult {
  const parsed = readAnswer(answerSchema, answer, { vendor, showMismatch: true });
  const language = parsed.results.channels[0]?.detected_language;
  const segments: TranscribedSegment[] = [];
  for (const utterance of parsed.results.utterances) {
    const text = utterance.transcript.trim();
    if (text === '') continue;
    segments.push({
      text,
      startMs: Math.round(utterance.start * 1000),
      endMs: Math.round(utterance.end * 1000),
      speaker: utterance.speaker === undefined ? null : String(utterance.speaker),
      language: language ?? null,
    });
  }
  return language === undefined ? { segments } : { segments, language };
}
