import { createRemotely } from '../asyncJob/remoteCreation.ts';
import { waitBeforeNextCheck } from '../asyncJob/statusPolling.ts';
import { lookUpSubmittedJob } from '../asyncJob/submittedJob.ts';
import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { ProviderError } from '../http/providerError.ts';
import { multipartFileBody, wavFilePart } from '../http/uploadBody.ts';
import { uploadTimeoutMs } from '../http/vendorRequest.ts';
import { secondsToMs } from '../untimedSegments.ts';
import { providerTerms } from '../vocabulary/fittingTerms.ts';
import type { GladiaConfig } from './config.ts';
import { customVocabulary } from './customVocabulary.ts';
import {
  createdJobSchema,
  type GladiaJob,
  type GladiaTranscription,
  jobSchema,
  uploadSchema,
} from './gladiaAnswers.ts';
import { gladiaApi, statusChecks } from './gladiaApi.ts';
import { removeGladiaJob } from './gladiaCleanup.ts';
import { metadata } from './metadata.ts';
import { speakerLabel, utteranceWords } from './utteranceWords.ts';

/**
 * Gladia's pre-recorded API: upload the WAV, create a job with the configured file model, poll
 * it, then delete the job (which deletes the uploaded audio too), also when it fails or is
 * cancelled. A chunk that already submitted its job before a restart polls that one instead, as
 * long as Gladia still knows it.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<GladiaConfig>,
): Promise<FileTranscriptionResult> {
  // Held from the start, so that a cancel while the resumed job is looked up still deletes it.
  let jobId = request.submittedJobId;
  try {
    if (jobId !== undefined && !(await isStillKnown(request, jobId))) jobId = undefined;
    jobId ??= await submit(request);
    const transcription = await waitUntilDone(request, jobId);
    const segments = transcription.utterances.map(toSegment).filter((segment) => segment.text !== '');
    const language = transcription.languages?.[0];
    return language === undefined ? { segments } : { segments, language };
  } finally {
    if (jobId !== undefined) await removeGladiaJob(request, jobId);
  }
}

/** Whether Gladia still knows a job submitted before a restart; it answers 404 once it is deleted. */
async function isStillKnown(
  request: FileTranscriptionRequest<GladiaConfig>,
  jobId: string,
): Promise<boolean> {
  return (await lookUpSubmittedJob(() => readJob(request, jobId))) !== undefined;
}

/** Uploads and creates the job, and reports its id as soon as Gladia has accepted it. */
async function submit(request: FileTranscriptionRequest<GladiaConfig>): Promise<string> {
  const jobId = await createJob(request, await upload(request));
  request.onSubmitted?.(jobId);
  return jobId;
}

/**
 * Gladia offers no way to delete an upload on its own (only with the job that used it), so an
 * upload whose job never gets created stays until Gladia expires it.
 */
async function upload(request: FileTranscriptionRequest<GladiaConfig>): Promise<string> {
  const answer = await gladiaApi(request).json({
    path: '/v2/upload',
    signal: request.signal,
    timeoutMs: uploadTimeoutMs(request.wavBytes),
    body: () =>
      multipartFileBody({}, wavFilePart(request.wavPath, 'audio'), (sentBytes, totalBytes) =>
        request.onProgress({ phase: 'uploading', sentBytes, totalBytes }),
      ),
  });
  return readAnswer(uploadSchema, answer, { vendor: metadata.vendor, what: 'an upload' }).audio_url;
}

function createJob(request: FileTranscriptionRequest<GladiaConfig>, audioUrl: string): Promise<string> {
  const languages = [...request.languageHints];
  return createRemotely({
    vendor: metadata.vendor,
    cancel: request.signal,
    fullySent: () => true,
    create: async (signal) => {
      const answer = await gladiaApi(request).json({
        path: '/v2/pre-recorded',
        signal,
        json: {
          audio_url: audioUrl,
          model: request.config.fileModel,
          // Several hints mean the audio may switch between them; none means Gladia detects it.
          language_config: { languages, code_switching: languages.length > 1 },
          ...(request.config.enableSpeakerDiarization && { diarization: true }),
          ...customVocabulary(providerTerms(metadata, 'file', request.vocabulary)),
        },
      });
      return readAnswer(createdJobSchema, answer, { vendor: metadata.vendor, what: 'a new job' }).id;
    },
    remove: (jobId) => removeGladiaJob(request, jobId),
  });
}

async function waitUntilDone(
  request: FileTranscriptionRequest<GladiaConfig>,
  jobId: string,
): Promise<GladiaTranscription> {
  for (;;) {
    request.onProgress({ phase: 'processing' });
    const job = await readJob(request, jobId);
    if (job.status === 'done') {
      if (!job.result)
        throw new ProviderError('permanent', `${metadata.vendor} finished the job without a result.`);
      return job.result.transcription;
    }
    if (job.status === 'error') {
      throw new ProviderError(
        'permanent',
        `${metadata.vendor} could not transcribe the audio (error ${job.error_code ?? 'without a code'}).`,
      );
    }
    await waitBeforeNextCheck(statusChecks(request), request.signal);
  }
}

async function readJob(request: FileTranscriptionRequest<GladiaConfig>, jobId: string): Promise<GladiaJob> {
  const answer = await gladiaApi(request).json({ path: `/v2/pre-recorded/${jobId}`, signal: request.signal });
  return readAnswer(jobSchema, answer, { vendor: metadata.vendor, what: 'a job status' });
}

/** An utterance (one speaker's, under diarization) with its words. */
function toSegment(utterance: GladiaTranscription['utterances'][number]): TranscribedSegment {
  const speaker = speakerLabel(utterance.speaker);
  const words = utteranceWords(utterance);
  return {
    text: utterance.text.trim(),
    startMs: secondsToMs(utterance.start),
    endMs: secondsToMs(utterance.end),
    language: utterance.language ?? null,
    ...(speaker !== null && { speaker }),
    ...(words.length > 0 && { words }),
  };
}
