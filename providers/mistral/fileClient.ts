import { z } from 'zod';

import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { multipartFileBody, wavFilePart } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { uploadTimeoutMs, vendorJson } from '../http/vendorRequest.ts';
import { millisecondsOrNull, placeUntimed } from '../untimedSegments.ts';
import type { MistralConfig } from './config.ts';
import { metadata } from './metadata.ts';

/** The batch transcription model; the configured model is a real-time one. */
const batchModel = 'voxtral-mini-latest';

const transcriptionSchema = z.object({
  text: z.string(),
  language: z.string().nullish(),
  segments: z
    .array(
      z.object({
        text: z.string(),
        /** Seconds; Mistral's own SDK types them as nullable, so a segment may come untimed. */
        start: z.number().nullish(),
        end: z.number().nullish(),
        // With `diarize`.
        speaker_id: z.string().nullish(),
      }),
    )
    .nullish(),
});

/**
 * Mistral's synchronous transcription endpoint: one multipart POST with the WAV streamed from
 * disk, answered with the text and its segments.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<MistralConfig>,
): Promise<FileTranscriptionResult> {
  const { config, languageHints } = request;
  const answer = await vendorJson<unknown>({
    vendor: metadata.vendor,
    url: apiUrl(request.baseUrl, '/v1/audio/transcriptions'),
    headers: { authorization: `Bearer ${config.apiKey}` },
    signal: request.signal,
    secrets: [config.apiKey],
    // The answer only comes once the audio is transcribed, so the wait grows with its length.
    timeoutMs: uploadTimeoutMs(request.wavBytes, request.durationMs),
    body: () =>
      multipartFileBody(
        {
          model: batchModel,
          // Left out when there is no hint, so that Voxtral detects the language.
          language: languageHints[0],
          // Segment times only: Mistral documents that word times combined with a language can be refused.
          timestamp_granularities: 'segment',
          // Sent only when asked for, as the official SDK does when diarize is set.
          diarize: config.enableSpeakerDiarization ? 'true' : undefined,
        },
        wavFilePart(request.wavPath),
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
  });
  const parsed = readAnswer(transcriptionSchema, answer, { vendor: metadata.vendor });
  const { text, language, segments } = parsed;
  const result = {
    segments: toSegments(segments ?? [], text, request.durationMs, config.enableSpeakerDiarization),
  };
  return language ? { ...result, language } : result;
}

/**
 * Without segments the whole text spans the whole audio; a segment left untimed is placed between
 * its timed neighbours (untimedSegments.ts). Diarized, each segment has its speaker. Mistral gives
 * no word list, so segments carry no words.
 */
function toSegments(
  segments: ReadonlyArray<{
    text: string;
    start?: number | null;
    end?: number | null;
    speaker_id?: string | null;
  }>,
  text: string,
  durationMs: number,
  speakers: boolean,
): TranscribedSegment[] {
  if (segments.length === 0)
    return text.trim() === '' ? [] : [{ text: text.trim(), startMs: 0, endMs: durationMs }];
  const spoken = segments
    .map((segment) => ({
      text: segment.text.trim(),
      startMs: millisecondsOrNull(segment.start),
      endMs: millisecondsOrNull(segment.end),
      ...(speakers && typeof segment.speaker_id === 'string' && { speaker: segment.speaker_id }),
    }))
    .filter((segment) => segment.text !== '');
  return placeUntimed(spoken, durationMs);
}
