import { z } from 'zod';

import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { multipartFileBody, wavFilePart } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { uploadTimeoutMs, vendorJson } from '../http/vendorRequest.ts';
import type { ElevenLabsConfig } from './config.ts';
import { keyterms } from './keyterms.ts';
import { metadata } from './metadata.ts';
import { segmentsFromWords } from './wordSegments.ts';

/** The batch model; the configured real-time model is rejected by this endpoint. */
const batchModel = 'scribe_v2';

const transcriptSchema = z.object({
  language_code: z.string().nullish(),
  text: z.string(),
  words: z
    .array(
      z.object({
        text: z.string(),
        start: z.number().nullish(),
        end: z.number().nullish(),
        type: z.string(),
        speaker_id: z.string().nullish(),
        logprob: z.number().nullish(),
      }),
    )
    .nullish(),
});

/**
 * ElevenLabs' synchronous speech-to-text: one multipart POST with the WAV streamed from disk,
 * answered with the transcript and its word timings (with each word's speaker when diarized), which
 * are kept on the segments.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<ElevenLabsConfig>,
): Promise<FileTranscriptionResult> {
  const { config, languageHints } = request;
  const answer = await vendorJson<unknown>({
    vendor: metadata.vendor,
    url: apiUrl(request.baseUrl, '/v1/speech-to-text'),
    headers: { 'xi-api-key': config.apiKey },
    signal: request.signal,
    secrets: [config.apiKey],
    // The answer only comes once the audio is transcribed, so the wait grows with its length.
    timeoutMs: uploadTimeoutMs(request.wavBytes, request.durationMs),
    body: () =>
      multipartFileBody(
        {
          model_id: batchModel,
          // Left out when there is no hint, so that Scribe detects the language.
          language_code: languageHints[0],
          timestamps_granularity: 'word',
          tag_audio_events: 'false',
          // Sent only when asked for, so that Scribe's default stays as it is otherwise.
          diarize: config.enableSpeakerDiarization ? 'true' : undefined,
          keyterms: keyterms('file', request.vocabulary),
        },
        wavFilePart(request.wavPath),
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
  });
  const parsed = readAnswer(transcriptSchema, answer, { vendor: metadata.vendor });
  const { words, text, language_code: language } = parsed;
  const segments =
    words && words.length > 0
      ? segmentsFromWords(words, config.enableSpeakerDiarization)
      : text.trim() === ''
        ? []
        : [{ text: text.trim(), startMs: 0, endMs: request.durationMs }];
  return language ? { segments, language } : { segments };
}
