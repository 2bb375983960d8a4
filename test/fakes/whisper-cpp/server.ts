import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, type RecordedRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

/**
 * A fake whisper-server (examples/server of whisper.cpp 1.9.1) as tested against the real one:
 * no authentication; `/health`; `/inference` answering json, text or verbose_json; every 400 body
 * replaced by the error handler with a plain "Invalid request"; audio shorter than 100 ms failing
 * with a 500; unknown paths answering "File Not Found (<path>)". Synchronous: a held request is
 * answered when released, or never if the client has gone.
 */
export async function startWhisperCppFake(): Promise<WhisperCppFake> {
  let holding = false;
  let releaseHeld: Array<() => void> = [];
  let abandoned = 0;

  const server = await startFakeHttpServer(async (request, url, clientGone) => {
    if (request.method === 'GET' && url.pathname === '/health') return { body: { status: 'ok' } };
    if (request.method === 'POST' && url.pathname === '/inference') {
      const reply = await inference(request);
      if (holding) {
        await new Promise<void>((release) => {
          releaseHeld.push(release);
          clientGone.addEventListener('abort', () => release(), { once: true });
        });
      }
      // whisper-server aborts the inference when the client goes (status 499, never seen by it).
      if (clientGone.aborted) abandoned++;
      return reply;
    }
    return {
      status: 404,
      headers: { 'content-type': 'text/plain' },
      body: `File Not Found (${url.pathname})`,
    };
  });

  return {
    ...server,
    abandonedRequests: () => abandoned,
    remoteObjectCount: () => 0,
    holdJobs(hold) {
      holding = hold;
      if (!hold) {
        for (const release of releaseHeld) release();
        releaseHeld = [];
      }
    },
  };
}

export interface WhisperCppFake extends ProviderFake {
  /** Inference requests whose client disconnected before the answer. */
  abandonedRequests(): number;
}

const invalidRequest: FakeReply = {
  status: 400,
  headers: { 'content-type': 'text/plain' },
  body: 'Invalid request',
};

async function inference(request: RecordedRequest): Promise<FakeReply> {
  const form = await readMultipartForm(request).catch(() => undefined);
  const audio = form === undefined ? undefined : await formFileBytes(form, 'file');
  // whisper-server decodes WAV (and MP3/FLAC/OGG) itself; the fake knows WAV only.
  const wav = audio === undefined ? undefined : readWavInfo(audio);
  if (form === undefined || wav === undefined) return invalidRequest;
  if (wav.durationMs < 100) {
    return {
      status: 500,
      headers: { 'content-type': 'text/plain' },
      body: '500 Internal Server Error\nbasic_string: construction from null is not valid',
    };
  }
  const sentences = cannedSentences(wav.durationMs);
  const segments = sentences.map((sentence, id) => ({
    id,
    // whisper puts a space before each segment's text.
    text: ` ${sentence.text}`,
    start: seconds(sentence.words[0]?.startMs ?? 0),
    end: seconds(sentence.words.at(-1)?.endMs ?? 0),
    tokens: [],
    words: sentence.words.map((word) => ({
      word: ` ${word.word}`,
      start: seconds(word.startMs),
      end: seconds(word.endMs),
      probability: 0.9,
    })),
    temperature: 0,
    avg_logprob: -0.2,
    no_speech_prob: 0.01,
  }));
  const text = segments.map((segment) => segment.text).join('');
  const field = (name: string, fallback: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : fallback;
  };
  const language = field('language', 'en');
  switch (field('response_format', 'json')) {
    case 'verbose_json':
      return {
        body: {
          task: 'transcribe',
          language: 'english',
          duration: seconds(wav.durationMs),
          text,
          segments,
          ...(language === 'auto' && field('no_language_probabilities', 'false') !== 'true'
            ? { detected_language: 'english', language_probabilities: { en: 0.97, de: 0.02, fr: 0.01 } }
            : {}),
        },
      };
    case 'text':
      return { headers: { 'content-type': 'text/html; charset=utf-8' }, body: text };
    case 'json':
      return { body: { text } };
    default:
      return invalidRequest;
  }
}

function seconds(ms: number): number {
  return Math.round(ms / 10) / 100;
}
