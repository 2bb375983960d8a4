import { createRemotely } from '../asyncJob/remoteCreation.ts';
import { waitBeforeNextCheck } from '../asyncJob/statusPolling.ts';
import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { ProviderError } from '../http/providerError.ts';
import { multipartFileBody, wavFilePart } from '../http/uploadBody.ts';
import { uploadTimeoutMs } from '../http/vendorRequest.ts';
import type { SonioxConfig } from './config.ts';
import { metadata } from './metadata.ts';
import { transcriptionSchema, transcriptSchema, uploadedFileSchema } from './sonioxAnswers.ts';
import { sonioxApi, statusChecks } from './sonioxApi.ts';
import { removeSonioxObjects, type SonioxObjects } from './sonioxCleanup.ts';
import { segmentsFromTokens } from './tokenSegments.ts';

/**
 * Soniox's asynchronous file API: upload the WAV, create a transcription, poll it, fetch the
 * transcript, then delete the transcription and the file, also when the job fails or is cancelled.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<SonioxConfig>,
): Promise<FileTranscriptionResult> {
  const created: SonioxObjects = {};
  try {
    created.fileId = await upload(request);
    created.transcriptionId = await createTranscription(request, created.fileId);
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
    const answer = await sonioxApi(request).json({
      path: `/transcriptions/${transcriptionId}`,
      signal: request.signal,
    });
    const transcription = readAnswer(transcriptionSchema, answer, {
      vendor: metadata.vendor,
      what: 'a transcription status',
    });
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

function mostCommonLanguage(segments: readonly TranscribedSegment[]): string | undefined {
  const characters = new Map<string, number>();
  for (const { language, text } of segments) {
    if (language) characters.set(language, (characters.get(language) ?? 0) + text.length);
  }
  return [...characters].sort((first, second) => second[1] - first[1])[0]?.[0];
}
