import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { deepgramFakeApiKey } from '../../../test/fakes/deepgram/server.ts';
import { checkDeepgramUpgrade } from '../../../test/fakes/deepgram/streamingServer.ts';
import { type StreamingFake, startStreamingFake } from '../../../test/fakes/streaming/streamingFake.ts';

/** One `Results` message per second of audio, as Deepgram sends interim results while audio flows. */
const framesPerResult = 10;
/** Every third of them is final. */
const resultsPerFinal = 3;
const frameSeconds = 0.1;

export interface TimedDeepgramFake {
  fake: StreamingFake;
  /** Deepgram config aimed at the fake, with the key it accepts. */
  config: { apiKey: string; endpoint: string };
}

/**
 * A fake of Deepgram's live API (`/v1/listen`) for the benchmark, on `startStreamingFake` like
 * the tests' fake (test/fakes/deepgram/streamingServer.ts) and with its handshake checks
 * (`Authorization: Token`, linear16 at 16 kHz), but it hands every binary frame to `onFrame` with
 * the `performance.now()` at which it got it, before anything else is done with the frame. It
 * does not recognise speech (the benchmark sends silence): it answers one `Results` per second of
 * audio with a fixed transcript, so the proxy relays events as it would in use, and `CloseStream`
 * with `Metadata` and close 1000.
 */
export async function startTimedDeepgramFake(
  onFrame: (frame: Buffer, receivedAt: number) => void,
): Promise<TimedDeepgramFake> {
  const fake = await startStreamingFake({
    paths: ['/v1/listen'],
    checkUpgrade: (request, url) => checkDeepgramUpgrade(request, url, undefined),
    connected: (wire) => {
      const requestId = randomUUID();
      let frames = 0;
      let results = 0;
      return (data, isBinary) => {
        if (isBinary) {
          const receivedAt = performance.now();
          if (data.length === 0) {
            wire.close(1008, 'DATA-0000: empty audio frame');
            return;
          }
          onFrame(data, receivedAt);
          if (!wire.audioReceived(data.length)) return;
          frames++;
          if (frames % framesPerResult === 0) {
            results++;
            wire.send(resultsMessage(requestId, frames, results % resultsPerFinal === 0));
          }
          return;
        }
        const message = JSON.parse(data.toString('utf8')) as { type?: string };
        if (message.type === 'CloseStream') {
          wire.send({
            type: 'Metadata',
            transaction_key: 'deprecated',
            request_id: requestId,
            duration: frames * frameSeconds,
            channels: 1,
          });
          wire.close(1000);
        }
      };
    },
  });
  return { fake, config: { apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl } };
}

function resultsMessage(requestId: string, frames: number, isFinal: boolean): unknown {
  const end = frames * frameSeconds;
  const start = end - framesPerResult * frameSeconds;
  const words = ['the', 'benchmark', 'speaks'];
  const wordSeconds = (end - start) / words.length;
  return {
    type: 'Results',
    channel_index: [0, 1],
    start,
    duration: end - start,
    is_final: isFinal,
    speech_final: isFinal,
    from_finalize: false,
    channel: {
      alternatives: [
        {
          transcript: words.join(' '),
          confidence: 0.97,
          words: words.map((word, index) => ({
            word,
            punctuated_word: word,
            start: start + index * wordSeconds,
            end: start + (index + 1) * wordSeconds,
            confidence: 0.97,
          })),
        },
      ],
    },
    metadata: { request_id: requestId, model_info: { name: 'general-nova-3', arch: 'nova-3' } },
  };
}
