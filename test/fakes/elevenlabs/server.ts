import { randomUUID } from 'node:crypto';

import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, type FakeRoute, startFakeHttpServer } from '../fakeHttpServer.ts';
import { fastApiValidationError } from '../fastApiErrors.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const elevenLabsFakeApiKey = 'elevenlabs-fake-key-3b7d20f9';

/** ElevenLabs' documented limit for one file: 3 GB. */
const maximumFileBytes = 3_000_000_000;
const batchModels = ['scribe_v1', 'scribe_v2'];
const granularities = ['none', 'word', 'character'];

/**
 * A fake of ElevenLabs' batch speech-to-text (`POST /v1/speech-to-text`, relative to
 * `https://api.elevenlabs.io`): `xi-api-key` auth, multipart with `file` and `model_id`, FastAPI
 * style `detail` errors, and the transcript with word and spacing entries timed in seconds. It is
 * synchronous and keeps nothing; while held, it withholds its answers.
 */
export async function startElevenLabsFake(options: { maxFileBytes?: number } = {}): Promise<ProviderFake> {
  const held = heldReplies();

  const route: FakeRoute = async (request, url, clientGone) => {
    if (url.pathname !== '/v1/speech-to-text' || request.method !== 'POST') return undefined;
    const key = request.headers['xi-api-key'];
    if (key === undefined) {
      return detailError(401, 'needs_authorization', 'Neither authorization header nor xi-api-key received.');
    }
    if (key !== elevenLabsFakeApiKey) return detailError(401, 'invalid_api_key', 'Invalid API key.');
    const form = await readMultipartForm(request).catch(() => undefined);
    if (form === undefined) return fastApiValidationError('body', 'Expected multipart/form-data.');
    const model = form.get('model_id');
    if (typeof model !== 'string') return fastApiValidationError('model_id', 'Field required');
    if (!batchModels.includes(model)) {
      return detailError(400, 'invalid_model_id', `Model ${model} cannot be used for batch transcription.`);
    }
    const granularity = form.get('timestamps_granularity') ?? 'word';
    if (typeof granularity !== 'string' || !granularities.includes(granularity)) {
      return fastApiValidationError('timestamps_granularity', `Input should be ${granularities.join(', ')}`);
    }
    const bytes = await formFileBytes(form, 'file');
    if (bytes === undefined && form.get('cloud_storage_url') === null) {
      return detailError(400, 'invalid_parameters', 'Either file or cloud_storage_url must be provided.');
    }
    if (bytes === undefined) return detailError(400, 'invalid_parameters', 'This fake only takes files.');
    if (bytes.length > (options.maxFileBytes ?? maximumFileBytes)) {
      return detailError(413, 'file_too_large', 'The uploaded file is too large.');
    }
    const wav = readWavInfo(bytes);
    if (wav === undefined) return detailError(400, 'invalid_audio', 'The audio file could not be decoded.');
    const language = form.get('language_code');
    const diarized = form.get('diarize') === 'true';
    const answer = transcript(
      wav.durationMs,
      typeof language === 'string' ? language : 'en',
      granularity,
      diarized,
    );
    await held.released(clientGone);
    return { body: answer };
  };

  const server = await startFakeHttpServer(route);
  return synchronousFake(server, held);
}

/**
 * The canned speech as Scribe reports it: sentences of words with spacing entries in between,
 * each with its logprob. Diarized, every entry names its speaker, the two speakers taking turns by
 * sentence; otherwise `speaker_id` is left out, as the SDK's types allow.
 */
function transcript(durationMs: number, language: string, granularity: string, diarized: boolean) {
  const words: Array<Record<string, unknown>> = [];
  for (const [sentenceIndex, sentence] of cannedSentences(durationMs).entries()) {
    const speaker = diarized ? { speaker_id: `speaker_${sentenceIndex % 2}` } : {};
    sentence.words.forEach((word, index) => {
      const previous = words.at(-1);
      if (previous !== undefined) {
        words.push({
          text: ' ',
          start: previous.end,
          end: word.startMs / 1000,
          type: 'spacing',
          ...speaker,
          logprob: 0,
        });
      }
      const spelled = index === 0 ? `${word.word[0]?.toUpperCase()}${word.word.slice(1)}` : word.word;
      words.push({
        text: index === sentence.words.length - 1 ? `${spelled}.` : spelled,
        start: word.startMs / 1000,
        end: word.endMs / 1000,
        type: 'word',
        ...speaker,
        logprob: -0.05,
      });
    });
  }
  return {
    language_code: language,
    language_probability: 0.98,
    text: words.map((word) => word.text).join(''),
    words: granularity === 'none' ? [] : words,
    transcription_id: randomUUID(),
  };
}

function detailError(status: number, code: string, message: string): FakeReply {
  return { status, body: { detail: { status: code, message } } };
}
