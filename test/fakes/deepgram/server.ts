import { createHash, randomUUID } from 'node:crypto';
import { cannedSentences } from '../cannedSpeech.ts';
import { type FakeReply, startFakeHttpServer } from '../fakeHttpServer.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { readWavInfo } from '../wavAudio.ts';

export const deepgramFakeApiKey = 'dg-fake-key-5f0c2a9e71';

const knownModels = new Set([
  'nova-3',
  'nova-3-general',
  'nova-2',
  'nova-2-general',
  'nova-2-meeting',
  'whisper-large',
]);
const languagePattern = /^([a-z]{2}(-[A-Z]{2})?|multi)$/;

/**
 * Deepgram's pre-recorded API (`POST /v1/listen`, raw audio body, `Authorization: Token <key>`):
 * errors as `{err_code, err_msg, request_id}` with the `dg-error` header, words and utterances
 * timed in seconds, utterances only when asked for, punctuation only with punctuate/smart_format.
 */
export async function startDeepgramFake(): Promise<ProviderFake> {
  const held = heldReplies();
  const server = await startFakeHttpServer(async (request, url, clientGone) => {
    if (url.pathname !== '/v1/listen') return undefined;
    if (request.method !== 'POST') return deepgramError(405, 'Method Not Allowed', 'Use POST.');
    const credential = /^token\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (credential !== deepgramFakeApiKey) return deepgramError(401, 'INVALID_AUTH', 'Invalid credentials.');

    const query = url.searchParams;
    const model = query.get('model') ?? 'nova-3';
    const language = query.get('language');
    if (!knownModels.has(model) || (language !== null && !languagePattern.test(language))) {
      return deepgramError(400, 'Bad Request', 'No such model/language/tier combination found.');
    }
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.startsWith('audio/') && contentType !== 'application/octet-stream') {
      return deepgramError(400, 'Bad Request', `Unsupported Content-Type: ${contentType || 'none'}.`);
    }
    const wav = readWavInfo(request.body);
    if (wav === undefined) {
      return deepgramError(
        400,
        'Bad Request',
        'Bad Request: failed to process audio: corrupt or unsupported data',
      );
    }

    await held.released(clientGone);
    return { body: listenAnswer(request.body, wav.durationMs, model, query) };
  });
  return synchronousFake(server, held);
}

function listenAnswer(audio: Buffer, durationMs: number, model: string, query: URLSearchParams) {
  const punctuated = query.get('punctuate') === 'true' || query.get('smart_format') === 'true';
  const diarize = query.get('diarize') === 'true';
  const modelId = randomUUID();
  const utterances = cannedSentences(durationMs).map((sentence, index) => {
    const words = sentence.words.map((word, position) => ({
      word: word.word,
      start: word.startMs / 1000,
      end: word.endMs / 1000,
      confidence: 0.98,
      ...(punctuated ? { punctuated_word: punctuate(word.word, position, sentence.words.length) } : {}),
      ...(diarize ? { speaker: index % 2, speaker_confidence: 0.9 } : {}),
    }));
    return {
      start: words[0]?.start ?? 0,
      end: words.at(-1)?.end ?? 0,
      confidence: 0.98,
      channel: 0,
      transcript: words.map((word) => word.punctuated_word ?? word.word).join(' '),
      words,
      ...(diarize ? { speaker: index % 2 } : {}),
      id: randomUUID(),
    };
  });
  return {
    metadata: {
      transaction_key: 'deprecated',
      request_id: randomUUID(),
      sha256: createHash('sha256').update(audio).digest('hex'),
      created: new Date().toISOString(),
      duration: durationMs / 1000,
      channels: 1,
      models: [modelId],
      model_info: { [modelId]: { name: `general-${model}`, version: '2025-01-01.0', arch: model } },
    },
    results: {
      channels: [
        {
          alternatives: [
            {
              transcript: utterances.map((utterance) => utterance.transcript).join(' '),
              confidence: 0.98,
              words: utterances.flatMap((utterance) => utterance.words),
            },
          ],
          ...(query.get('detect_language') === 'true'
            ? { detected_language: 'en', language_confidence: 0.97 }
            : {}),
        },
      ],
      ...(query.get('utterances') === 'true' ? { utterances } : {}),
    },
  };
}

function punctuate(word: string, position: number, count: number): string {
  const cased = position === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  return position === count - 1 ? `${cased}.` : cased;
}

function deepgramError(status: number, code: string, message: string): FakeReply {
  const requestId = randomUUID();
  return {
    status,
    headers: { 'dg-error': message, 'dg-request-id': requestId },
    body: { err_code: code, err_msg: message, request_id: requestId },
  };
}
