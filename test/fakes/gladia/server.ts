import { randomUUID } from 'node:crypto';

import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, type RecordedRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const gladiaFakeApiKey = 'gladia-fake-key-8d41e0c3';

/** Gladia's documented per-file limit: 1000 MB. */
const maximumFileBytes = 1_000_000_000;
const models = ['solaria-1', 'solaria-3'];
const solaria3Languages = ['en', 'fr', 'de', 'es', 'it'];

export interface GladiaFakeUpload {
  id: string;
  durationMs: number;
}

export interface GladiaFakeJob {
  id: string;
  status: 'queued' | 'processing' | 'done' | 'error';
  /** The JSON body the client sent to create it. */
  body: Record<string, unknown>;
  uploadId: string;
}

export interface GladiaFake extends ProviderFake {
  readonly uploads: ReadonlyMap<string, GladiaFakeUpload>;
  readonly jobs: ReadonlyMap<string, GladiaFakeJob>;
  /** Jobs created from now on end in the "error" state with this HTTP-like code (undefined: succeed). */
  failJobsWith(errorCode: number | undefined): void;
}

/**
 * A fake of Gladia's pre-recorded v2 API: `x-gladia-key` auth, `/v2/upload` (multipart field
 * `audio`), `/v2/pre-recorded` jobs moving queued → processing → done over successive polls, and
 * `DELETE /v2/pre-recorded/{id}`, which also deletes the job's upload. A running job is not in a
 * "deletable state" (403). Gladia has no delete for an upload on its own, so only jobs count as
 * objects a client must remove.
 */
export async function startGladiaFake(options: { maxFileBytes?: number } = {}): Promise<GladiaFake> {
  const uploads = new Map<string, GladiaFakeUpload>();
  const jobs = new Map<string, GladiaFakeJob>();
  let held = false;
  let jobErrorCode: number | undefined;

  async function route(request: RecordedRequest, url: URL): Promise<FakeReply | undefined> {
    if (request.headers['x-gladia-key'] !== gladiaFakeApiKey) {
      return gladiaError(401, url, 'Invalid or missing x-gladia-key header.');
    }
    if (url.pathname === '/v2/upload' && request.method === 'POST') return upload(request, url);
    if (url.pathname === '/v2/pre-recorded' && request.method === 'POST') return createJob(request, url);
    const jobPath = /^\/v2\/pre-recorded\/([^/]+)$/.exec(url.pathname);
    if (jobPath?.[1] === undefined) return undefined;
    const job = jobs.get(jobPath[1]);
    if (job === undefined)
      return gladiaError(404, url, "The pre-recorded job doesn't exist or has been deleted.");
    if (request.method === 'GET') return { body: jobAnswer(advance(job)) };
    if (request.method === 'DELETE') {
      if (job.status === 'processing')
        return gladiaError(403, url, 'The pre-recorded job is not in a deletable state.');
      jobs.delete(job.id);
      uploads.delete(job.uploadId);
      return { status: 202 };
    }
    return undefined;
  }

  async function upload(request: RecordedRequest, url: URL): Promise<FakeReply> {
    const form = await readMultipartForm(request).catch(() => undefined);
    const bytes = form === undefined ? undefined : await formFileBytes(form, 'audio');
    if (bytes === undefined) {
      return gladiaError(400, url, 'Invalid request.', [{ field: 'audio', message: 'audio is required' }]);
    }
    if (bytes.length > (options.maxFileBytes ?? maximumFileBytes)) {
      return gladiaError(413, url, 'The file is larger than the allowed maximum.');
    }
    const wav = readWavInfo(bytes);
    if (wav === undefined) return gladiaError(400, url, 'The uploaded file is not a readable audio file.');
    const id = randomUUID();
    uploads.set(id, { id, durationMs: wav.durationMs });
    const value = form?.get('audio');
    return {
      body: {
        audio_url: `http://${request.headers.host}/file/${id}`,
        audio_metadata: {
          id,
          filename: value instanceof File ? value.name : 'audio',
          extension: 'wav',
          size: bytes.length,
          audio_duration: wav.durationMs / 1000,
          number_of_channels: wav.channels,
        },
      },
    };
  }

  function createJob(request: RecordedRequest, url: URL): FakeReply {
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      return gladiaError(400, url, '/v2/pre-recorded only accepts application/json.');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return gladiaError(400, url, 'The request body is not valid JSON.');
    }
    const languages = languagesOf(body);
    const problems = [
      typeof body.audio_url === 'string'
        ? undefined
        : { field: 'audio_url', message: 'audio_url must be a URL string' },
      body.model === undefined || (typeof body.model === 'string' && models.includes(body.model))
        ? undefined
        : { field: 'model', message: `model must be one of ${models.join(', ')}` },
      languages !== undefined
        ? undefined
        : { field: 'language_config', message: 'language_config.languages must be a list of language codes' },
      body.model === 'solaria-3' && languages?.some((language) => !solaria3Languages.includes(language))
        ? { field: 'language_config', message: `solaria-3 supports only ${solaria3Languages.join(', ')}` }
        : undefined,
    ].filter((problem) => problem !== undefined);
    if (problems.length > 0) return gladiaError(400, url, 'Invalid request.', problems);
    const uploadId = /\/file\/([^/]+)$/.exec(String(body.audio_url))?.[1];
    if (uploadId === undefined || !uploads.has(uploadId)) {
      return gladiaError(400, url, 'The audio_url could not be downloaded.');
    }
    const job: GladiaFakeJob = { id: randomUUID(), status: 'queued', body, uploadId };
    jobs.set(job.id, job);
    return {
      status: 201,
      body: { id: job.id, result_url: `http://${request.headers.host}/v2/pre-recorded/${job.id}` },
    };
  }

  function advance(job: GladiaFakeJob): GladiaFakeJob {
    if (job.status === 'queued') job.status = 'processing';
    else if (job.status === 'processing' && !held) job.status = jobErrorCode === undefined ? 'done' : 'error';
    return job;
  }

  function jobAnswer(job: GladiaFakeJob) {
    const durationMs = uploads.get(job.uploadId)?.durationMs ?? 0;
    const finished = job.status === 'done' || job.status === 'error';
    return {
      id: job.id,
      request_id: `G-${job.id.slice(0, 8)}`,
      version: 2,
      status: job.status,
      created_at: new Date().toISOString(),
      completed_at: finished ? new Date().toISOString() : null,
      kind: 'pre-recorded',
      custom_metadata: null,
      error_code: job.status === 'error' ? (jobErrorCode ?? 500) : null,
      file: {
        id: job.uploadId,
        filename: 'audio.wav',
        source: null,
        audio_duration: durationMs / 1000,
        number_of_channels: 1,
      },
      request_params: job.body,
      result:
        job.status === 'done'
          ? result(durationMs, languagesOf(job.body)?.[0] ?? 'en', job.body.diarization === true)
          : null,
    };
  }

  const server = await startFakeHttpServer(route);
  return {
    ...server,
    uploads,
    jobs,
    remoteObjectCount: () => jobs.size,
    holdJobs: (hold) => {
      held = hold;
    },
    failJobsWith: (errorCode) => {
      jobErrorCode = errorCode;
    },
  };
}

/**
 * The canned speech as Gladia reports it: one utterance per sentence, times in seconds, words with
 * the space before them; with `diarization`, each utterance's `speaker` (speakers 0 and 1 take turns).
 */
function result(durationMs: number, language: string, diarization: boolean) {
  const utterances = cannedSentences(durationMs).map((sentence, sentenceIndex) => {
    const words = sentence.words.map((word, index) => ({
      word: `${index === 0 ? '' : ' '}${word.word}${index === sentence.words.length - 1 ? '.' : ''}`,
      start: word.startMs / 1000,
      end: word.endMs / 1000,
      confidence: 0.93,
    }));
    return {
      start: words[0]?.start ?? 0,
      end: words.at(-1)?.end ?? 0,
      confidence: 0.93,
      channel: 0,
      ...(diarization && { speaker: sentenceIndex % 2 }),
      language,
      text: ` ${words.map((word) => word.word).join('')}`,
      words,
    };
  });
  return {
    metadata: {
      audio_duration: durationMs / 1000,
      number_of_distinct_channels: 1,
      billing_time: durationMs / 1000,
      transcription_time: 0.4,
    },
    transcription: {
      full_transcript: utterances.map((utterance) => utterance.text.trim()).join(' '),
      languages: [language],
      utterances,
    },
  };
}

export function languagesOf(body: Record<string, unknown>): string[] | undefined {
  const config: unknown = body.language_config;
  if (config === undefined) return [];
  const languages: unknown =
    typeof config === 'object' && config !== null && 'languages' in config ? config.languages : [];
  return Array.isArray(languages) && languages.every((language) => typeof language === 'string')
    ? languages
    : undefined;
}

export function gladiaError(
  status: number,
  url: URL,
  message: string,
  validationErrors?: Array<Record<string, string>>,
): FakeReply {
  return {
    status,
    body: {
      timestamp: new Date().toISOString(),
      path: url.pathname,
      request_id: `G-${randomUUID().slice(0, 8)}`,
      statusCode: status,
      message,
      ...(validationErrors && { validation_errors: validationErrors }),
    },
  };
}
