import { randomUUID } from 'node:crypto';
import { type FollowerUpdate, SpeechFollower, wordsText } from '../streaming/speechFollower.ts';
import type { IncomingMessage } from 'node:http';
import { type StreamingFake, startStreamingFake, type UpgradeRefusal } from '../streaming/streamingFake.ts';
import { deepgramFakeApiKey } from './server.ts';

const idleCloseMs = 10_000;

/**
 * Deepgram's live API (`/v1/listen`): `Authorization: Token` checked at the handshake (401 with a
 * `dg-error` header), linear16 16 kHz required, `Results` with `is_final`/`speech_final` and timed
 * words (each with a `speaker` when `diarize=true`), `Finalize`, `KeepAlive`, `CloseStream` answered by the last results, `Metadata` and close 1000,
 * an empty binary frame refused, and close 1011 (NET-0001) after 10 s without audio or KeepAlive.
 */
export function startDeepgramStreamingFake(): Promise<StreamingFake> {
  return startStreamingFake({
    paths: ['/v1/listen'],
    checkUpgrade: checkDeepgramUpgrade,
    connected: (wire, url) => {
      const diarize = url.searchParams.get('diarize') === 'true';
      const follower = new SpeechFollower();
      let finals = 0;
      const requestId = randomUUID();
      let idleTimer = setTimeout(() => wire.close(1011, 'NET-0001'), idleCloseMs);
      const stillAlive = () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => wire.close(1011, 'NET-0001'), idleCloseMs);
      };
      const report = (updates: FollowerUpdate[], fromFinalize = false) => {
        for (const update of updates) {
          const first = update.words[0];
          const last = update.words.at(-1);
          if (first === undefined || last === undefined) continue;
          // Speakers take turns by utterance; `speaker` is on the words only with diarize.
          const speaker = diarize ? { speaker: finals % 2 } : {};
          if (update.kind === 'final') finals++;
          wire.send({
            type: 'Results',
            channel_index: [0, 1],
            start: first.startMs / 1000,
            duration: (last.endMs - first.startMs) / 1000,
            is_final: update.kind === 'final',
            speech_final: update.kind === 'final' && update.endOfSpeech,
            from_finalize: fromFinalize,
            channel: {
              alternatives: [
                {
                  transcript: wordsText(update.words),
                  confidence: 0.97,
                  words: update.words.map((word) => ({
                    word: word.word,
                    punctuated_word: word.word,
                    start: word.startMs / 1000,
                    end: word.endMs / 1000,
                    confidence: 0.97,
                    ...speaker,
                  })),
                },
              ],
            },
            metadata: { request_id: requestId, model_info: { name: 'general-nova-3', arch: 'nova-3' } },
          });
        }
      };
      return (data, isBinary) => {
        stillAlive();
        if (isBinary) {
          if (data.length === 0) {
            wire.close(1008, 'DATA-0000: empty audio frame');
            return;
          }
          if (!wire.audioReceived(data.length)) return;
          report(follower.push(data));
          return;
        }
        const message = JSON.parse(data.toString('utf8')) as { type?: string };
        if (message.type === 'Finalize') report(follower.flush(), true);
        if (message.type === 'CloseStream') {
          clearTimeout(idleTimer);
          report(follower.flush());
          wire.send({
            type: 'Metadata',
            transaction_key: 'deprecated',
            request_id: requestId,
            duration: follower.heardMs / 1000,
            channels: 1,
          });
          wire.close(1000);
        }
      };
    },
  });
}

/** Deepgram's handshake: the key in `Authorization: Token`, raw audio declared as linear16 at 16 kHz. */
export function checkDeepgramUpgrade(
  request: IncomingMessage,
  url: URL,
  rejection: number | undefined,
): UpgradeRefusal | undefined {
  const credential = /^token\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (credential !== deepgramFakeApiKey) {
    return {
      status: 401,
      headers: { 'dg-error': 'Invalid credentials.' },
      body: { err_code: 'INVALID_AUTH' },
    };
  }
  if (rejection !== undefined) {
    return { status: rejection, headers: { 'dg-error': `Injected failure ${rejection}.` }, body: {} };
  }
  const query = url.searchParams;
  if (query.get('encoding') !== 'linear16' || query.get('sample_rate') !== '16000') {
    return {
      status: 400,
      headers: { 'dg-error': 'Raw audio needs encoding and sample_rate.' },
      body: {},
    };
  }
  return undefined;
}
