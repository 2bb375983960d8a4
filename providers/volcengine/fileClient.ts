import { randomUUID } from 'node:crypto';
import { z } from 'zod';

import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { ProviderError, redactSecrets } from '../http/providerError.ts';
import { base64JsonFileBody, base64Length } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { readJsonAnswer, uploadTimeoutMs, type VendorRequest, vendorRequest } from '../http/vendorRequest.ts';
import type { VolcengineConfig } from './config.ts';
import { flashLanguages } from './flashLanguages.ts';
import { hotWordsCorpus } from './hotWords.ts';
import { metadata } from './metadata.ts';
import { utteranceWords, volcengineWordSchema } from './utteranceWords.ts';

/** The billing resource of the flash (极速版) file recognizer. */
const flashResourceId = 'volc.bigasr.auc_turbo';
const success = '20000000';
/** "Silent audio": the recognizer heard no speech, which for a file chunk is a valid, empty result. */
const silentAudio = '20000003';

const speakerSchema = z.union([z.string(), z.number()]).nullish();

const recognitionSchema = z.object({
  audio_info: z.object({ duration: z.number() }).nullish(),
  result: z.object({
    text: z.string(),
    utterances: z
      .array(
        z.object({
          text: z.string(),
          start_time: z.number(),
          end_time: z.number(),
          words: z.array(volcengineWordSchema).nullish(),
          // With enable_speaker_info, the utterance's speaker: in `additions`, as Volcengine's
          // answers put it, or beside the text, as our earlier notes had it.
          speaker: speakerSchema,
          additions: z.object({ speaker: speakerSchema }).nullish(),
        }),
      )
      .nullish(),
  }),
});

/**
 * Volcengine's synchronous "flash" file recognizer: one JSON POST with the audio as base64 (the
 * only way it takes a local file) and the outcome in the `X-Api-Status-Code` response header.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<VolcengineConfig>,
): Promise<FileTranscriptionResult> {
  const { appKey, accessKey } = request.config;
  const secrets = [appKey, accessKey];
  const language =
    request.languageHints[0] === undefined ? undefined : flashLanguages[request.languageHints[0]];
  const call: VendorRequest = {
    vendor: metadata.vendor,
    url: apiUrl(request.baseUrl, '/api/v3/auc/bigmodel/recognize/flash'),
    headers: {
      'X-Api-App-Key': appKey,
      'X-Api-Access-Key': accessKey,
      'X-Api-Resource-Id': flashResourceId,
      'X-Api-Request-Id': randomUUID(),
      'X-Api-Sequence': '-1',
    },
    signal: request.signal,
    secrets,
    // The answer only comes once the audio is recognized, so the wait grows with its length.
    timeoutMs: uploadTimeoutMs(base64Length(request.wavBytes), request.durationMs),
    body: () =>
      base64JsonFileBody(
        (audio) => ({
          user: { uid: 'earshot' },
          audio: { data: audio, format: 'wav', ...(language && { language }) },
          request: {
            model_name: 'bigmodel',
            enable_itn: true,
            enable_punc: true,
            show_utterances: true,
            // Sent only when asked for; the recognizer then names each utterance's speaker.
            ...(request.config.enableSpeakerDiarization && { enable_speaker_info: true }),
            ...hotWordsCorpus('file', request.vocabulary),
          },
        }),
        request.wavPath,
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
  };
  const response = await vendorRequest(call);
  const status = response.headers.get('x-api-status-code');
  if (status !== success) {
    await response.body?.cancel();
    if (status === silentAudio) return { segments: [] };
    throw refusal(status, response.headers.get('x-api-message'), secrets);
  }
  return {
    segments: toSegments(
      readAnswer(recognitionSchema, await readJsonAnswer(call, response), { vendor: metadata.vendor }),
      request.durationMs,
      request.config.enableSpeakerDiarization,
    ),
  };
}

/** A refusal sent with HTTP 2xx: 550xxxxx codes are the service's own trouble, 45xxxxxx the request's. */
function refusal(status: string | null, message: string | null, secrets: readonly string[]): ProviderError {
  if (status === null) {
    return new ProviderError('permanent', `${metadata.vendor} answered without an X-Api-Status-Code header.`);
  }
  const kind = status.startsWith('55') ? 'retryable' : 'permanent';
  return new ProviderError(
    kind,
    redactSecrets(
      `${metadata.vendor} could not recognize the audio (${status}): ${message ?? 'no message'}`,
      secrets,
    ),
  );
}

/**
 * Utterance times are milliseconds already; each utterance keeps its words and, when speakers were
 * asked for, its speaker. A result without utterances spans the whole audio.
 */
function toSegments(
  recognition: z.output<typeof recognitionSchema>,
  durationMs: number,
  speakers: boolean,
): TranscribedSegment[] {
  const { utterances, text } = recognition.result;
  if (!utterances || utterances.length === 0) {
    const endMs = recognition.audio_info?.duration ?? durationMs;
    return text.trim() === '' ? [] : [{ text: text.trim(), startMs: 0, endMs: Math.round(endMs) }];
  }
  return utterances.flatMap((utterance) => {
    const text = utterance.text.trim();
    if (text === '') return [];
    const named = utterance.additions?.speaker ?? utterance.speaker;
    const speaker = speakers && named !== undefined && named !== null ? String(named) : undefined;
    const words = utteranceWords(utterance.words, speaker);
    return [
      {
        text,
        startMs: Math.round(utterance.start_time),
        endMs: Math.round(utterance.end_time),
        ...(speaker !== undefined && { speaker }),
        ...(words.length > 0 && { words }),
      },
    ];
  });
}
