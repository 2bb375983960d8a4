import { randomUUID } from 'node:crypto';

import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeRoute, startFakeHttpServer } from '../fakeHttpServer.ts';
import { fastApiValidationError } from '../fastApiErrors.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const mistralFakeApiKey = 'mistral-fake-key-c90e4a17';

/** The largest upload Mistral documents (512 MB, for its Files API). */
const maximumFileBytes = 512 * 1024 * 1024;
const granularities = ['segment', 'word'];

/**
 * A fake of Mistral's batch transcription (`POST /v1/audio/transcriptions`, relative to
 * `https://api.mistral.ai`): Bearer auth, multipart with `model` and `file`, FastAPI style 422s
 * for malformed fields, and the Voxtral answer with segments timed in seconds when
 * `timestamp_granularities` asks for them, named by speaker with `diarize`. A real-time model is refused here. Synchronous and
 * stateless; while held, it withholds its answers.
 */
export async function startMistralFake(options: { maxFileBytes?: number } = {}): Promise<ProviderFake> {
  const held = heldReplies();

  const route: FakeRoute = async (request, url, clientGone) => {
    if (url.pathname !== '/v1/audio/transcriptions' || request.method !== 'POST') return undefined;
    if (request.headers.authorization !== `Bearer ${mistralFakeApiKey}`) {
      return { status: 401, body: { message: 'Unauthorized', request_id: randomUUID() } };
    }
    const form = await readMultipartForm(request).catch(() => undefined);
    if (form === undefined) return fastApiValidationError('body', 'Expected multipart/form-data.');
    const model = form.get('model');
    if (typeof model !== 'string') return fastApiValidationError('model', 'Field required');
    if (!model.startsWith('voxtral-') || model.includes('realtime')) {
      return {
        status: 400,
        body: {
          object: 'error',
          message: `Invalid model: ${model}`,
          type: 'invalid_model',
          param: null,
          code: '1500',
        },
      };
    }
    const wanted = [...form.getAll('timestamp_granularities'), ...form.getAll('timestamp_granularities[]')];
    if (wanted.some((value) => typeof value !== 'string' || !granularities.includes(value))) {
      return fastApiValidationError(
        'timestamp_granularities',
        `Input should be ${granularities.join(' or ')}`,
      );
    }
    const bytes = await formFileBytes(form, 'file');
    if (bytes === undefined)
      return fastApiValidationError('file', 'One of file, file_url or file_id is required');
    if (bytes.length > (options.maxFileBytes ?? maximumFileBytes)) {
      return {
        status: 413,
        body: { object: 'error', message: 'File too large', type: 'invalid_request_file' },
      };
    }
    const wav = readWavInfo(bytes);
    if (wav === undefined) {
      return {
        status: 400,
        body: { object: 'error', message: 'Invalid audio file', type: 'invalid_request_file' },
      };
    }
    const language = form.get('language');
    const answer = transcription(
      model,
      wav.durationMs,
      typeof language === 'string' ? language : 'en',
      wanted.includes('segment'),
      form.get('diarize') === 'true',
    );
    await held.released(clientGone);
    return { body: answer };
  };

  const server = await startFakeHttpServer(route);
  return synchronousFake(server, held);
}

/**
 * The canned speech as Voxtral reports it: one segment per sentence, times in seconds; diarized,
 * each segment names its speaker (two take turns by sentence), otherwise `speaker_id` is left out.
 */
function transcription(
  model: string,
  durationMs: number,
  language: string,
  withSegments: boolean,
  diarized: boolean,
) {
  const segments = cannedSentences(durationMs).map((sentence, index) => ({
    text: ` ${sentence.text[0]?.toUpperCase()}${sentence.text.slice(1)}.`,
    start: (sentence.words[0]?.startMs ?? 0) / 1000,
    end: (sentence.words.at(-1)?.endMs ?? 0) / 1000,
    type: 'transcription_segment',
    ...(diarized && { speaker_id: `speaker_${index % 2}` }),
  }));
  return {
    model,
    text: segments
      .map((segment) => segment.text)
      .join('')
      .trim(),
    language,
    segments: withSegments ? segments : [],
    usage: {
      prompt_audio_seconds: Math.round(durationMs / 1000),
      prompt_tokens: 4,
      completion_tokens: segments.length * 10,
      total_tokens: 4 + segments.length * 10,
    },
  };
}
