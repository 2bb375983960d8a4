import { randomUUID } from 'node:crypto';
import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, startFakeHttpServer } from '../fakeHttpServer.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const assemblyAiFakeApiKey = 'aai-fake-key-8c41d07b55';

const uploadHost = 'https://cdn.assemblyai.com/upload/';
const shortestAudioMs = 160;
const knownSpeechModels = new Set(['best', 'nano', 'universal', 'slam-1']);

interface Transcript {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'error';
  audioUrl: string;
  options: Record<string, unknown>;
  deleted: boolean;
  /** Epoch ms before which a poll still finds it processing. */
  readyAt: number;
}

export interface AssemblyAiFakeOptions {
  /**
   * How long transcribing `audioMs` of audio takes, counted from the transcript's creation, so that
   * a benchmark meets a vendor of a realistic speed; default: done by the second poll.
   */
  recognitionMs?: (audioMs: number) => number;
}

/** The fake's view of AssemblyAI, for tests that check what the client left behind. */
export interface AssemblyAiFake extends ProviderFake {
  /** Uploads no transcript has used; AssemblyAI offers no way to delete them (they expire). */
  unusedUploadCount(): number;
}

/**
 * AssemblyAI's async REST API under `/v2`: `POST /upload` (raw bytes → `upload_url`), `POST
 * /transcript` (JSON job, answered `queued`), `GET /transcript/{id}` (queued → processing →
 * completed or error on successive polls; held jobs stay processing), `DELETE /transcript/{id}`
 * (redacts the transcript and deletes its upload). Auth is the bare key in `Authorization`; errors
 * are `{error}`. Words are timed in milliseconds; with `speaker_labels` each word has a speaker
 * ("A", "B"…, null without) and `utterances` lists the speakers' turns.
 */
export async function startAssemblyAiFake({
  recognitionMs,
}: AssemblyAiFakeOptions = {}): Promise<AssemblyAiFake> {
  const uploads = new Map<string, { bytes: Buffer; used: boolean }>();
  const transcripts = new Map<string, Transcript>();
  let holding = false;

  const server = await startFakeHttpServer((request, url) => {
    if (request.headers.authorization !== assemblyAiFakeApiKey) {
      return failure(401, 'Authentication error, API token missing/invalid');
    }
    const path = url.pathname;
    if (path === '/v2/upload' && request.method === 'POST') {
      if (request.body.length === 0) return failure(400, 'Upload failed: the request body is empty');
      const id = randomUUID();
      uploads.set(id, { bytes: request.body, used: false });
      return { body: { upload_url: `${uploadHost}${id}` } };
    }
    if (path === '/v2/transcript' && request.method === 'POST') return create(request.body);
    const id = /^\/v2\/transcript\/([^/]+)$/.exec(path)?.[1];
    if (id === undefined) return undefined;
    const transcript = transcripts.get(id);
    if (transcript === undefined) return failure(404, 'Transcript not found');
    if (request.method === 'GET') return { body: poll(transcript) };
    if (request.method === 'DELETE') {
      transcript.deleted = true;
      uploads.delete(transcript.audioUrl.slice(uploadHost.length));
      return { body: view(transcript) };
    }
    return failure(405, 'Method not allowed');
  });

  function create(body: Buffer): FakeReply {
    let options: Record<string, unknown>;
    try {
      options = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return failure(400, 'Invalid JSON body');
    }
    if (typeof options.audio_url !== 'string' || options.audio_url === '') {
      return failure(400, 'audio_url is required');
    }
    if (options.language_code !== undefined && typeof options.language_code !== 'string') {
      return failure(400, 'language_code must be a string');
    }
    const speechModel = options.speech_model;
    if (
      speechModel !== undefined &&
      (typeof speechModel !== 'string' || !knownSpeechModels.has(speechModel))
    ) {
      return failure(400, `Invalid speech_model: ${JSON.stringify(speechModel)}`);
    }
    const upload = uploads.get(options.audio_url.slice(uploadHost.length));
    if (upload !== undefined) upload.used = true;
    const audioMs = readWavInfo(upload?.bytes ?? Buffer.alloc(0))?.durationMs ?? 0;
    const transcript: Transcript = {
      id: randomUUID(),
      status: 'queued',
      audioUrl: options.audio_url,
      options,
      deleted: false,
      readyAt: Date.now() + (recognitionMs?.(audioMs) ?? 0),
    };
    transcripts.set(transcript.id, transcript);
    return { body: view(transcript) };
  }

  function poll(transcript: Transcript) {
    if (transcript.deleted) return view(transcript);
    if (transcript.status === 'queued') transcript.status = 'processing';
    else if (transcript.status === 'processing' && !holding && Date.now() >= transcript.readyAt) {
      transcript.status = finish(transcript);
    }
    return view(transcript);
  }

  function finish(transcript: Transcript): 'completed' | 'error' {
    return problem(transcript) === undefined ? 'completed' : 'error';
  }

  /** Why the job fails, the way AssemblyAI reports a download or decoding failure. */
  function problem(transcript: Transcript): string | undefined {
    const upload = uploads.get(transcript.audioUrl.slice(uploadHost.length));
    if (upload === undefined) {
      return `Download error, unable to download ${transcript.audioUrl}. Please make sure the file exists and is accessible from the internet.`;
    }
    const wav = readWavInfo(upload.bytes);
    if (wav === undefined) return 'Transcoding failed. File does not appear to contain audio.';
    if (wav.durationMs < shortestAudioMs) return 'Audio duration is too short.';
    return undefined;
  }

  function view(transcript: Transcript) {
    const common = {
      id: transcript.id,
      status: transcript.status,
      audio_url: transcript.deleted ? 'http://deleted_by_user' : transcript.audioUrl,
      language_code:
        transcript.options.language_code ?? (transcript.options.language_detection ? 'en' : 'en_us'),
      punctuate: transcript.options.punctuate ?? true,
      format_text: transcript.options.format_text ?? true,
      speech_model: transcript.options.speech_model ?? null,
    };
    if (transcript.deleted) return { ...common, text: 'Deleted by user.', words: null, utterances: null };
    if (transcript.status === 'error')
      return { ...common, text: null, words: null, error: problem(transcript) };
    if (transcript.status !== 'completed') return { ...common, text: null, words: null, error: null };
    const upload = uploads.get(transcript.audioUrl.slice(uploadHost.length));
    const durationMs = readWavInfo(upload?.bytes ?? Buffer.alloc(0))?.durationMs ?? 0;
    const formatted = transcript.options.format_text !== false;
    const speakerLabels = transcript.options.speaker_labels === true;
    // Speakers take turns by sentence; a word's speaker is null without speaker_labels.
    const turns = cannedSentences(durationMs).map((sentence, index) => {
      const speaker = speakerLabels ? (index % 2 === 0 ? 'A' : 'B') : null;
      const words = sentence.words.map((word, position) => ({
        text: formatted ? format(word.word, position, sentence.words.length) : word.word,
        start: word.startMs,
        end: word.endMs,
        confidence: 0.97,
        speaker,
      }));
      return { speaker, words };
    });
    const words = turns.flatMap((turn) => turn.words);
    const utterances = turns.map(({ speaker, words: said }) => ({
      confidence: 0.97,
      start: said[0]?.start ?? 0,
      end: said.at(-1)?.end ?? 0,
      text: said.map((word) => word.text).join(' '),
      words: said,
      speaker,
    }));
    return {
      ...common,
      speaker_labels: speakerLabels,
      text: words.map((word) => word.text).join(' '),
      words,
      utterances: speakerLabels ? utterances : null,
      confidence: 0.97,
      audio_duration: Math.round(durationMs / 1000),
      error: null,
    };
  }

  return {
    ...server,
    remoteObjectCount: () => [...transcripts.values()].filter((transcript) => !transcript.deleted).length,
    unusedUploadCount: () => [...uploads.values()].filter((upload) => !upload.used).length,
    holdJobs: (hold) => {
      holding = hold;
    },
    baseUrl: `${server.baseUrl}/v2`,
  };
}

function format(word: string, position: number, count: number): string {
  const cased = position === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  return position === count - 1 ? `${cased}.` : cased;
}

function failure(status: number, message: string): FakeReply {
  return { status, body: { error: message } };
}
