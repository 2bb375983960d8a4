import { randomUUID } from 'node:crypto';

import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, type RecordedRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const sonioxFakeApiKey = 'soniox-fake-key-5f2c9a71';

/** Soniox's documented upload limit: 1 GiB. */
const maximumFileBytes = 1_073_741_824;

export interface SonioxFakeFile {
  id: string;
  filename: string;
  size: number;
  /** Undefined when the upload is not audio the fake can decode. */
  durationMs: number | undefined;
}

export interface SonioxFakeTranscription {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'error';
  /** The JSON body the client sent to create it. */
  body: Record<string, unknown>;
  fileId: string;
}

export interface SonioxFake extends ProviderFake {
  readonly files: ReadonlyMap<string, SonioxFakeFile>;
  readonly transcriptions: ReadonlyMap<string, SonioxFakeTranscription>;
}

/**
 * A fake of Soniox's async REST API (`/files`, `/transcriptions`), relative to the REST base
 * `https://api.soniox.com/v1`: Bearer auth, Soniox's error body, queued → processing → completed
 * over successive polls, 409 for a transcript asked too early or a delete while processing.
 */
export async function startSonioxFake(options: { maxFileBytes?: number } = {}): Promise<SonioxFake> {
  const files = new Map<string, SonioxFakeFile>();
  const transcriptions = new Map<string, SonioxFakeTranscription>();
  let held = false;

  async function route(request: RecordedRequest, url: URL): Promise<FakeReply | undefined> {
    if (request.headers.authorization !== `Bearer ${sonioxFakeApiKey}`) {
      return sonioxError(
        401,
        'unauthenticated',
        'Incorrect API key provided. You can get an API key at https://console.soniox.com',
      );
    }
    const [collection, id, detail, extra] = url.pathname.split('/').filter(Boolean);
    if (extra !== undefined) return undefined;
    if (collection === 'files' && id === undefined && request.method === 'POST') return upload(request);
    if (collection === 'files' && id !== undefined && detail === undefined && request.method === 'DELETE') {
      return files.delete(id) ? { status: 204 } : sonioxError(404, 'file_not_found', 'File not found.');
    }
    if (collection !== 'transcriptions') return undefined;
    if (id === undefined) return request.method === 'POST' ? createTranscription(request) : undefined;
    const transcription = transcriptions.get(id);
    if (transcription === undefined) {
      return sonioxError(
        404,
        'transcription_not_found',
        'No transcription with this ID exists in your project.',
      );
    }
    if (detail === 'transcript' && request.method === 'GET') return transcript(transcription);
    if (detail !== undefined) return undefined;
    if (request.method === 'GET') return { body: transcriptionAnswer(advance(transcription)) };
    if (request.method === 'DELETE') {
      if (transcription.status === 'processing') {
        return sonioxError(
          409,
          'transcription_invalid_state',
          'This transcription is currently being processed and cannot be deleted yet.',
        );
      }
      transcriptions.delete(id);
      return { status: 204 };
    }
    return undefined;
  }

  async function upload(request: RecordedRequest): Promise<FakeReply> {
    const form = await readMultipartForm(request).catch(() => undefined);
    if (form === undefined)
      return sonioxError(400, 'invalid_request', 'Expected a multipart/form-data body.');
    const bytes = await formFileBytes(form, 'file');
    if (bytes === undefined) {
      return sonioxError(400, 'invalid_request', 'Invalid request.', [
        { error_type: 'missing', location: 'file', message: 'Field required' },
      ]);
    }
    if (bytes.length > (options.maxFileBytes ?? maximumFileBytes)) {
      return sonioxError(413, 'file_too_large', 'The file exceeds the maximum allowed size.');
    }
    const value = form.get('file');
    const file: SonioxFakeFile = {
      id: randomUUID(),
      filename: value instanceof File ? value.name : 'file',
      size: bytes.length,
      durationMs: readWavInfo(bytes)?.durationMs,
    };
    files.set(file.id, file);
    const clientReferenceId = form.get('client_reference_id');
    return {
      status: 201,
      body: {
        id: file.id,
        filename: file.filename,
        size: file.size,
        created_at: new Date().toISOString(),
        client_reference_id: typeof clientReferenceId === 'string' ? clientReferenceId : null,
      },
    };
  }

  function createTranscription(request: RecordedRequest): FakeReply {
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      return sonioxError(400, 'invalid_request', 'Expected an application/json body.');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return sonioxError(400, 'invalid_request', 'The request body is not valid JSON.');
    }
    const problems = [
      typeof body.model === 'string' ? undefined : validation('model', 'Field required'),
      typeof body.file_id === 'string'
        ? undefined
        : validation('file_id', 'file_id or audio_url is required'),
      body.language_hints === undefined || isStringList(body.language_hints)
        ? undefined
        : validation('language_hints', 'Must be a list of language codes'),
      body.enable_speaker_diarization === undefined || typeof body.enable_speaker_diarization === 'boolean'
        ? undefined
        : validation('enable_speaker_diarization', 'Must be a boolean'),
    ].filter((problem) => problem !== undefined);
    if (problems.length > 0) return sonioxError(400, 'invalid_request', 'Invalid request.', problems);
    if (!String(body.model).startsWith('stt-async-')) {
      return sonioxError(400, 'invalid_model', `Model ${String(body.model)} cannot transcribe files.`);
    }
    const file = files.get(String(body.file_id));
    if (file === undefined) return sonioxError(404, 'file_not_found', 'File not found.');
    const transcription: SonioxFakeTranscription = {
      id: randomUUID(),
      status: 'queued',
      body,
      fileId: file.id,
    };
    transcriptions.set(transcription.id, transcription);
    return { status: 201, body: transcriptionAnswer(transcription) };
  }

  function advance(transcription: SonioxFakeTranscription): SonioxFakeTranscription {
    if (transcription.status === 'queued') transcription.status = 'processing';
    else if (transcription.status === 'processing' && !held) {
      transcription.status =
        files.get(transcription.fileId)?.durationMs === undefined ? 'error' : 'completed';
    }
    return transcription;
  }

  function transcriptionAnswer(transcription: SonioxFakeTranscription) {
    const file = files.get(transcription.fileId);
    const failed = transcription.status === 'error';
    return {
      id: transcription.id,
      status: transcription.status,
      created_at: new Date().toISOString(),
      model: transcription.body.model,
      audio_url: null,
      file_id: transcription.fileId,
      filename: file?.filename ?? 'file',
      language_hints: transcription.body.language_hints ?? null,
      enable_speaker_diarization: transcription.body.enable_speaker_diarization === true,
      audio_duration_ms: transcription.status === 'queued' ? null : (file?.durationMs ?? null),
      error_type: failed ? 'audio_decode_error' : null,
      error_message: failed ? 'The audio could not be decoded.' : null,
      client_reference_id: null,
    };
  }

  function transcript(transcription: SonioxFakeTranscription): FakeReply {
    if (transcription.status !== 'completed') {
      return sonioxError(409, 'transcription_invalid_state', 'The transcription is not completed yet.');
    }
    const tokens = spokenTokens(files.get(transcription.fileId)?.durationMs ?? 0, transcription.body);
    return { body: { id: transcription.id, text: tokens.map((token) => token.text).join(''), tokens } };
  }

  const server = await startFakeHttpServer(route);
  return {
    ...server,
    files,
    transcriptions,
    remoteObjectCount: () => files.size + transcriptions.size,
    holdJobs: (hold) => {
      held = hold;
    },
  };
}

/**
 * What Soniox returns for the canned speech: sub-word tokens with their own leading spaces, a
 * separate full-stop token per sentence, and `speaker`/`language` only when asked for.
 */
function spokenTokens(durationMs: number, body: Record<string, unknown>) {
  const hints = isStringList(body.language_hints) ? body.language_hints : [];
  const language = body.enable_language_identification === true ? { language: hints[0] ?? 'en' } : {};
  const tokens: Array<Record<string, unknown>> = [];
  cannedSentences(durationMs).forEach((sentence, sentenceIndex) => {
    const speaker =
      body.enable_speaker_diarization === true ? { speaker: String((sentenceIndex % 2) + 1) } : {};
    sentence.words.forEach((word, wordIndex) => {
      const spelled = wordIndex === 0 ? word.word[0]?.toUpperCase() + word.word.slice(1) : word.word;
      const text = tokens.length === 0 ? spelled : ` ${spelled}`;
      const cut = text.length > 5 ? Math.ceil(text.length / 2) : text.length;
      const middleMs = Math.round(word.startMs + ((word.endMs - word.startMs) * cut) / text.length);
      for (const [piece, startMs, endMs] of [
        [text.slice(0, cut), word.startMs, middleMs],
        [text.slice(cut), middleMs, word.endMs],
      ] as const) {
        if (piece !== '') {
          tokens.push({
            text: piece,
            start_ms: startMs,
            end_ms: endMs,
            confidence: 0.95,
            ...speaker,
            ...language,
          });
        }
      }
    });
    const last = sentence.words.at(-1);
    if (last !== undefined) {
      tokens.push({
        text: '.',
        start_ms: last.endMs,
        end_ms: last.endMs,
        confidence: 0.99,
        ...speaker,
        ...language,
      });
    }
  });
  return tokens;
}

function sonioxError(
  status: number,
  errorType: string,
  message: string,
  validationErrors: Array<Record<string, string>> = [],
): FakeReply {
  return {
    status,
    body: {
      status_code: status,
      error_type: errorType,
      message,
      validation_errors: validationErrors,
      request_id: randomUUID(),
    },
  };
}

function validation(location: string, message: string): Record<string, string> {
  return { error_type: 'invalid', location, message };
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
