import { z } from 'zod';
import { deleteRemoteObject } from '../asyncJob/remoteCleanup.ts';
import { createRemotely } from '../asyncJob/remoteCreation.ts';
import { type StatusChecks, waitBeforeNextCheck } from '../asyncJob/statusPolling.ts';
import { lookUpSubmittedJob } from '../asyncJob/submittedJob.ts';
import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { type AnswerDescription, readAnswer } from '../http/answerShape.ts';
import { ProviderError, redactSecrets } from '../http/providerError.ts';
import { rawFileBody } from '../http/uploadBody.ts';
import { vendorApi } from '../http/vendorApi.ts';
import { uploadTimeoutMs } from '../http/vendorRequest.ts';
import { sentenceSegments } from '../sentenceSegments.ts';
import { providerTerms } from '../vocabulary/fittingTerms.ts';
import type { AssemblyAiConfig } from './config.ts';
import { metadata } from './metadata.ts';

const vendor = 'AssemblyAI';
const answerDescription: AnswerDescription = { vendor, showMismatch: true };
/** AssemblyAI's guides poll every 3 seconds; transcription takes a fraction of the audio's length. */
const vendorPollIntervalMs = 3_000;
/** What a deleted transcript's audio_url becomes: AssemblyAI redacts it but keeps it, still "completed". */
const deletedAudioUrl = 'http://deleted_by_user';

const uploadSchema = z.object({ upload_url: z.string() });
const transcriptSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'processing', 'completed', 'error']),
  error: z.string().nullish(),
  audio_url: z.string().nullish(),
  language_code: z.string().nullish(),
  text: z.string().nullish(),
  words: z
    .array(
      z.object({
        text: z.string(),
        start: z.number(),
        end: z.number(),
        confidence: z.number().nullish(),
        // Set only with `speaker_labels`; null otherwise.
        speaker: z.string().nullish(),
      }),
    )
    .nullish(),
});
type Transcript = z.output<typeof transcriptSchema>;

interface Session {
  request: FileTranscriptionRequest<AssemblyAiConfig>;
  api: ReturnType<typeof vendorApi>;
}

/**
 * Async transcription: upload the WAV, create a transcript job, poll it until it completes or
 * fails, and always delete the transcript afterwards (which also deletes the upload), so nothing
 * of the user's audio or text stays at AssemblyAI. A chunk that already submitted its transcript
 * before a restart polls that one instead, as long as AssemblyAI still holds it.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<AssemblyAiConfig>,
): Promise<FileTranscriptionResult> {
  const session: Session = {
    request,
    api: vendorApi({
      vendor,
      baseUrl: request.baseUrl,
      // AssemblyAI takes the bare key, without a "Bearer" scheme.
      headers: { authorization: request.config.apiKey },
      secrets: [request.config.apiKey],
    }),
  };
  // Held from the start, so that a cancel while the resumed transcript is looked up still deletes it.
  let transcriptId = request.submittedJobId;
  try {
    if (transcriptId !== undefined && !(await isStillHeld(session, transcriptId))) transcriptId = undefined;
    transcriptId ??= await submit(session);
    return toResult(await pollUntilDone(session, transcriptId), request.durationMs);
  } finally {
    if (transcriptId !== undefined) await deleteTranscript(session, transcriptId);
  }
}

/**
 * Whether AssemblyAI still holds a transcript submitted before a restart. An unknown id has been
 * answered with 400 "Transcript lookup error, transcript id not found" as well as with 404; a
 * deleted transcript is still there, redacted, and would read as a completed one without words.
 */
async function isStillHeld(session: Session, transcriptId: string): Promise<boolean> {
  const transcript = await lookUpSubmittedJob(
    () => readTranscript(session, transcriptId),
    (error) => error.status === 404 || (error.status === 400 && /not found/i.test(error.message)),
  );
  return transcript !== undefined && transcript.audio_url !== deletedAudioUrl;
}

/** Uploads and creates the transcript, and reports its id as soon as AssemblyAI has accepted it. */
async function submit(session: Session): Promise<string> {
  const transcriptId = await createTranscript(session, await upload(session));
  session.request.onSubmitted?.(transcriptId);
  return transcriptId;
}

async function upload(session: Session): Promise<string> {
  const { request } = session;
  const answer = await session.api.json({
    path: '/upload',
    body: () =>
      rawFileBody(request.wavPath, 'application/octet-stream', (sentBytes, totalBytes) =>
        request.onProgress({ phase: 'uploading', sentBytes, totalBytes }),
      ),
    signal: request.signal,
    timeoutMs: uploadTimeoutMs(request.wavBytes),
  });
  return readAnswer(uploadSchema, answer, answerDescription).upload_url;
}

/** A cancel while the job is being created still learns its id, so that the job can be deleted. */
function createTranscript(session: Session, audioUrl: string): Promise<string> {
  const language = session.request.languageHints[0];
  const keyterms = providerTerms(metadata, 'file', session.request.vocabulary);
  return createRemotely({
    vendor,
    cancel: session.request.signal,
    fullySent: () => true,
    create: async (signal) => {
      const answer = await session.api.json({
        path: '/transcript',
        json: {
          audio_url: audioUrl,
          punctuate: true,
          format_text: true,
          ...(session.request.config.enableSpeakerDiarization && { speaker_labels: true }),
          ...(language === undefined ? { language_detection: true } : { language_code: language }),
          ...(keyterms.length === 0 ? {} : { keyterms_prompt: keyterms }),
        },
        signal,
      });
      return readAnswer(transcriptSchema, answer, answerDescription).id;
    },
    remove: (transcriptId) => deleteTranscript(session, transcriptId),
  });
}

async function pollUntilDone(session: Session, transcriptId: string): Promise<Transcript> {
  const { request } = session;
  const checks: StatusChecks = { vendor, baseUrl: request.baseUrl, vendorIntervalMs: vendorPollIntervalMs };
  for (;;) {
    request.onProgress({ phase: 'processing' });
    await waitBeforeNextCheck(checks, request.signal);
    const transcript = await readTranscript(session, transcriptId);
    if (transcript.status === 'completed') return transcript;
    if (transcript.status === 'error') {
      throw new ProviderError(
        'permanent',
        redactSecrets(`${vendor} could not transcribe the audio: ${transcript.error ?? 'no reason given'}`, [
          request.config.apiKey,
        ]),
      );
    }
  }
}

async function readTranscript(session: Session, transcriptId: string): Promise<Transcript> {
  const answer = await session.api.json({
    path: `/transcript/${encodeURIComponent(transcriptId)}`,
    signal: session.request.signal,
  });
  return readAnswer(transcriptSchema, answer, answerDescription);
}

/** Best effort: the result (or the failure) matters more than a cleanup that did not go through. */
async function deleteTranscript(session: Session, transcriptId: string): Promise<void> {
  await deleteRemoteObject(async (signal) => {
    const response = await session.api.request({
      method: 'DELETE',
      path: `/transcript/${encodeURIComponent(transcriptId)}`,
      signal,
      retries: 1,
    });
    await response.body?.cancel();
  });
}

/**
 * The transcript's words (timed in ms, with their speaker under `speaker_labels`) grouped into
 * sentences, which keep them as their words and split where the speaker changes. A transcript
 * without words (nullable in the SDK's types) is its text, over the whole chunk.
 */
function toResult(transcript: Transcript, durationMs: number): FileTranscriptionResult {
  const language = transcript.language_code ?? undefined;
  const text = transcript.text?.trim() ?? '';
  const segments =
    transcript.words === null || transcript.words === undefined
      ? text === ''
        ? []
        : [{ text, startMs: 0, endMs: durationMs, language: language ?? null }]
      : sentenceSegments(
          transcript.words.map((word) => ({
            text: word.text,
            startMs: Math.round(word.start),
            endMs: Math.round(word.end),
            speaker: word.speaker ?? null,
            confidence: word.confidence,
            language: language ?? null,
          })),
          { keepWords: true },
        );
  return language === undefined ? { segments } : { segments, language };
}
