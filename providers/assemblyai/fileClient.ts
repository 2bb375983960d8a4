import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { ProviderError, redactSecrets } from '../http/providerError.ts';
import { rawFileBody } from '../http/uploadBody.ts';
import { vendorJson, vendorRequest } from '../http/vendorRequest.ts';
import type { AssemblyAiConfig } from './config.ts';
import { sentenceSegments } from './sentenceSegments.ts';

const vendor = 'AssemblyAI';
/** AssemblyAI's guides poll every 3 seconds; transcription takes a fraction of the audio's length. */
const vendorPollIntervalMs = 3_000;
/** A loopback base is a local fake or gateway that answers at once; waiting 3 s would only slow tests. */
const loopbackPollIntervalMs = 150;
const uploadTimeoutMs = 120_000;
const slowestUploadBytesPerMs = 50;
/** Cleanup runs after the job's own signal may have been aborted, so it gets a short one of its own. */
const cleanupTimeoutMs = 10_000;
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

const uploadSchema = z.object({ upload_url: z.string() });
const transcriptSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'processing', 'completed', 'error']),
  error: z.string().nullish(),
  language_code: z.string().nullish(),
  words: z
    .array(
      z.object({
        text: z.string(),
        start: z.number(),
        end: z.number(),
        speaker: z.string().nullish(),
      }),
    )
    .nullish(),
});
type Transcript = z.output<typeof transcriptSchema>;

interface Session {
  request: FileTranscriptionRequest<AssemblyAiConfig>;
  base: string;
  headers: Record<string, string>;
  secrets: string[];
}

/**
 * Async transcription: upload the WAV, create a transcript job, poll it until it completes or
 * fails, and always delete the transcript afterwards (which also deletes the upload), so nothing
 * of the user's audio or text stays at AssemblyAI.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<AssemblyAiConfig>,
): Promise<FileTranscriptionResult> {
  const session: Session = {
    request,
    base: request.baseUrl.replace(/\/+$/, ''),
    // AssemblyAI takes the bare key, without a "Bearer" scheme.
    headers: { authorization: request.config.apiKey },
    secrets: [request.config.apiKey],
  };
  const audioUrl = await upload(session);
  const transcriptId = await createTranscript(session, audioUrl);
  try {
    if (request.signal.aborted) throw cancelled();
    return toResult(await pollUntilDone(session, transcriptId));
  } finally {
    await deleteTranscript(session, transcriptId);
  }
}

async function upload(session: Session): Promise<string> {
  const { request } = session;
  const answer = await vendorJson<unknown>({
    vendor,
    url: `${session.base}/upload`,
    headers: session.headers,
    body: () =>
      rawFileBody(request.wavPath, 'application/octet-stream', (sentBytes, totalBytes) =>
        request.onProgress({ phase: 'uploading', sentBytes, totalBytes }),
      ),
    signal: request.signal,
    secrets: session.secrets,
    timeoutMs: uploadTimeoutMs + Math.ceil(request.wavBytes / slowestUploadBytesPerMs),
  });
  return expectShape(uploadSchema, answer).upload_url;
}

/**
 * Creating the job is not interrupted by a cancel: an answer lost mid-flight would leave a job
 * whose id we never learn and so can never delete. The caller checks the signal right after.
 */
async function createTranscript(session: Session, audioUrl: string): Promise<string> {
  if (session.request.signal.aborted) throw cancelled();
  const language = session.request.languageHints[0];
  const answer = await vendorJson<unknown>({
    vendor,
    url: `${session.base}/transcript`,
    headers: session.headers,
    json: {
      audio_url: audioUrl,
      punctuate: true,
      format_text: true,
      ...(language === undefined ? { language_detection: true } : { language_code: language }),
    },
    signal: new AbortController().signal,
    secrets: session.secrets,
  });
  return expectShape(transcriptSchema, answer).id;
}

async function pollUntilDone(session: Session, transcriptId: string): Promise<Transcript> {
  const { request } = session;
  const loopback = loopbackHosts.has(new URL(session.base).hostname);
  for (;;) {
    request.onProgress({ phase: 'processing' });
    await sleep(loopback ? loopbackPollIntervalMs : vendorPollIntervalMs, undefined, {
      signal: request.signal,
    }).catch(() => {
      throw cancelled();
    });
    const transcript = expectShape(
      transcriptSchema,
      await vendorJson<unknown>({
        vendor,
        url: `${session.base}/transcript/${encodeURIComponent(transcriptId)}`,
        headers: session.headers,
        signal: request.signal,
        secrets: session.secrets,
      }),
    );
    if (transcript.status === 'completed') return transcript;
    if (transcript.status === 'error') {
      throw new ProviderError(
        'permanent',
        redactSecrets(
          `${vendor} could not transcribe the audio: ${transcript.error ?? 'no reason given'}`,
          session.secrets,
        ),
      );
    }
  }
}

/** Best effort: the result (or the failure) matters more than a cleanup that did not go through. */
async function deleteTranscript(session: Session, transcriptId: string): Promise<void> {
  await vendorRequest({
    vendor,
    method: 'DELETE',
    url: `${session.base}/transcript/${encodeURIComponent(transcriptId)}`,
    headers: session.headers,
    signal: AbortSignal.timeout(cleanupTimeoutMs),
    secrets: session.secrets,
    retries: 1,
  }).then(
    (response) => response.body?.cancel(),
    () => undefined,
  );
}

function toResult(transcript: Transcript): FileTranscriptionResult {
  const language = transcript.language_code ?? undefined;
  const segments = sentenceSegments(
    (transcript.words ?? []).map((word) => ({
      text: word.text,
      startMs: Math.round(word.start),
      endMs: Math.round(word.end),
      speaker: word.speaker ?? null,
    })),
    language,
  );
  return language === undefined ? { segments } : { segments, language };
}

function expectShape<Shape extends z.ZodType>(schema: Shape, answer: unknown): z.output<Shape> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ProviderError(
    'permanent',
    `${vendor} answered in an unexpected shape (${issue?.path.join('.')}: ${issue?.message}).`,
  );
}

function cancelled(): ProviderError {
  return new ProviderError('cancelled', `The request to ${vendor} was cancelled.`);
}
