import { createRemotely } from '../asyncJob/remoteCreation.ts';
import { waitBeforeNextCheck } from '../asyncJob/statusPolling.ts';
import { lookUpSubmittedJob } from '../asyncJob/submittedJob.ts';
import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { ProviderError } from '../http/providerError.ts';
import { multipartFileBody, wavFilePart } from '../http/uploadBody.ts';
import { uploadTimeoutMs } from '../http/vendorRequest.ts';
import { providerTerms } from '../vocabulary/fittingTerms.ts';
import type { SonioxConfig } from './config.ts';
import { metadata } from './metadata.ts';
import {
  type SonioxTranscription,
  transcriptionSchema,
  transcriptSchema,
  uploadedFileSchema,
} from './sonioxAnswers.ts';
import { sonioxApi, statusChecks } from './sonioxApi.ts';
import { removeSonioxObjects, type SonioxObjects } from './sonioxCleanup.ts';
import { segmentsFromTokens } from './tokenSegments.ts';
import { vocabularyContext } from './vocabularyContext.ts';

/**
 * Soniox's asynchronous file API: upload the WAV, create a transcription, poll it, fetch the
 * transcript, then delete the transcription and the file, also when the job fails or is cancelled.
 * A chunk that already submitted its transcription before a restart polls that one instead, as
 * long as Soniox still knows it. Its id is the transcription's: the transcription names its file.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<SonioxConfig>,
): Promise<FileTranscriptionResult> {
  // Held from the start, so that a cancel while the resumed transcription is looked up still deletes it.
  const created: SonioxObjects = { transcriptionId: request.submittedJobId };
  try {
    if (created.transcriptionId !== undefined) await resume(request, created, created.transcriptionId);
    created.transcriptionId ??= await submit(request, created);
    await waitUntilCompleted(request, created.transcriptionId);
    const answer = await sonioxApi(request).json({
      path: `/transcriptions/${created.transcriptionId}/transcript`,
      signal: request.signal,
    });
    const segments = segmentsFromTokens(
      readAnswer(transcriptSchema, answer, { vendor: metadata.vendor, what: 'a transcript' }).tokens,
    );
    const language = mostCommonLanguage(segments);
    return language === undefined ? { segments } : { segments, language };
  } finally {
    await removeSonioxObjects(request, created);
  }
}

/**
 * Takes up a transcription submitted before a restart, with the file it names (to delete it
 * afterwards); or lets it go when Soniox answers 404 for it (expired, deleted).
 */
async function resume(
  request: FileTranscriptionRequest<SonioxConfig>,
  created: SonioxObjects,
  transcriptionId: string,
): Promise<void> {
  const transcription = await lookUpSubmittedJob(() => readTranscription(request, transcriptionId));
  if (transcription === undefined) created.transcriptionId = undefined;
  else created.fileId = transcription.file_id ?? undefined;
}

/** Uploads the file and creates the transcription, and reports its id once Soniox has accepted it. */
async function submit(
  request: FileTranscriptionRequest<SonioxConfig>,
  created: SonioxObjects,
): Promise<string> {
  created.fileId = await upload(request);
  const transcriptionId = await createTranscription(request, created.fileId);
  request.onSubmitted?.(transcriptionId);
  return transcriptionId;
}

function upload(request: FileTranscriptionRequest<SonioxConfig>): Promise<string> {
  let fullySent = false;
  return createRemotely({
    vendor: metadata.vendor,
    cancel: request.signal,
    fullySent: () => fullySent,
    create: async (signal) => {
      const answer = await sonioxApi(request).json({
        path: '/files',
        signal,
        timeoutMs: uploadTimeoutMs(request.wavBytes),
        body: () => {
          fullySent = false;
          return multipartFileBody({}, wavFilePart(request.wavPath), (sentBytes, totalBytes) => {
            fullySent = sentBytes >= totalBytes;
            request.onProgress({ phase: 'uploading', sentBytes, totalBytes });
          });
        },
      });
      return readAnswer(uploadedFileSchema, answer, { vendor: metadata.vendor, what: 'an upload' }).id;
    },
    remove: (fileId) => removeSonioxObjects(request, { fileId }),
  });
}

function createTranscription(
  request: FileTranscriptionRequest<SonioxConfig>,
  fileId: string,
): Promise<string> {
  const { config, languageHints } = request;
  return createRemotely({
    vendor: metadata.vendor,
    cancel: request.signal,
    fullySent: () => true,
    create: async (signal) => {
      const answer = await sonioxApi(request).json({
        path: '/transcriptions',
        signal,
        json: {
          model: asyncModelFor(config.model),
          file_id: fileId,
          ...(languageHints.length > 0 && { language_hints: languageHints }),
          enable_speaker_diarization: config.enableSpeakerDiarization,
          enable_language_identification: true,
          ...vocabularyContext(providerTerms(metadata, 'file', request.vocabulary)),
          // No `translation`: a file result has no place for translated text, so it would be paid for and dropped.
        },
      });
      return readAnswer(transcriptionSchema, answer, { vendor: metadata.vendor, what: 'a new transcription' })
        .id;
    },
    remove: (transcriptionId) => removeSonioxObjects(request, { transcriptionId }),
  });
}

/** `stt-rt-v5` → `stt-async-v5`: the file API takes the asynchronous model of the same generation. */
function asyncModelFor(realtimeModel: string): string {
  return realtimeModel.replace(/^stt-rt-/, 'stt-async-');
}

async function waitUntilCompleted(
  request: FileTranscriptionRequest<SonioxConfig>,
  transcriptionId: string,
): Promise<void> {
  for (;;) {
    request.onProgress({ phase: 'processing' });
    const transcription = await readTranscription(request, transcriptionId);
    if (transcription.status === 'completed') return;
    if (transcription.status === 'error') {
      throw new ProviderError(
        'permanent',
        `${metadata.vendor} could not transcribe the audio: ${transcription.error_message ?? 'no reason given'}`,
      );
    }
    await waitBeforeNextCheck(statusChecks(request), request.signal);
  }
}

async function readTranscription(
  request: FileTranscriptionRequest<SonioxConfig>,
  transcriptionId: string,
): Promise<SonioxTranscription> {
  const answer = await sonioxApi(request).json({
    path: `/transcriptions/${transcriptionId}`,
    signal: request.signal,
  });
  return readAnswer(transcriptionSchema, answer, { vendor: metadata.vendor, what: 'a transcription status' });
}

function mostCommonLanguage(segments: readonly TranscribedSegment[]): string | undefined {
  const characters = new Map<string, number>();
  for (const { language, text } of segments) {
    if (language) characters.set(language, (characters.get(language) ?? 0) + text.length);
  }
  return [...characters].sort((first, second) => second[1] - first[1])[0]?.[0];
}
