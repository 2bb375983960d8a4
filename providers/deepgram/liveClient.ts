import { z } from 'zod';
import type { LiveClient, LiveStreamRequest } from '../contract.ts';
import { messageJson } from '../live/messageJson.ts';
import { openVendorSocket, type VendorProtocol } from '../live/vendorSocket.ts';
import { speakerHeardLongest } from '../speakerHeardLongest.ts';
import { websocketUrl } from '../live/websocketUrl.ts';
import type { DeepgramConfig } from './config.ts';
import { secondsToMs } from '../untimedSegments.ts';
import { deepgramWordSchema, timedWord } from './deepgramWords.ts';
import { metadata } from './metadata.ts';
import { withVocabulary } from './vocabularyQuery.ts';

const vendor = 'Deepgram';

const resultsSchema = z.object({
  type: z.literal('Results'),
  start: z.number(),
  duration: z.number(),
  // Optional in the SDK's ListenV1Results; its own examples read only `is_final: true` as final.
  is_final: z.boolean().optional(),
  channel: z.object({
    alternatives: z.array(
      z.object({
        transcript: z.string(),
        languages: z.array(z.string()).optional(),
        words: z.array(deepgramWordSchema).default([]),
      }),
    ),
  }),
});

/**
 * Deepgram listen v1: credentials in `Authorization: Token` on the upgrade, options in the query,
 * PCM16 as binary frames, `Results` per audio span (final only with `is_final: true`; its timed words,
 * and with `diarize` their speakers, go with the final), `CloseStream` answered by
 * `Metadata` and a normal close. KeepAlive every 4 s while no audio flows (Deepgram drops a
 * stream after about 10 s of silence on the wire).
 */
export const liveClient: LiveClient<DeepgramConfig> = {
  open: (request) => openVendorSocket(protocol(request), request.onEvent),
};

function protocol(request: LiveStreamRequest<DeepgramConfig>): VendorProtocol {
  const { config, languageHints } = request;
  return {
    vendor,
    secrets: [config.apiKey],
    target: () => ({
      url: withVocabulary(
        websocketUrl(config.endpoint ?? metadata.defaultBaseUrl, '/v1/listen', {
          model: config.model,
          encoding: 'linear16',
          sample_rate: '16000',
          channels: '1',
          interim_results: 'true',
          punctuate: 'true',
          smart_format: 'true',
          endpointing: '300',
          utterance_end_ms: '1000',
          diarize: config.enableSpeakerDiarization ? 'true' : undefined,
          // One hint is the language; several, or none, is code-switching detection.
          language: languageHints.length === 1 ? languageHints[0] : 'multi',
        }),
        config.model,
        'live',
        request.vocabulary,
      ),
      headers: { authorization: `Token ${config.apiKey}` },
    }),
    opened: (session) => session.emit({ type: 'ready' }),
    message: (session, data, isBinary) => {
      const message = messageJson(data, isBinary, vendor);
      if (message.type === 'Metadata') {
        session.finished();
        return;
      }
      if (message.type !== 'Results') return;
      const results = resultsSchema.parse(message);
      const alternative = results.channel.alternatives[0];
      const text = alternative?.transcript.trim() ?? '';
      if (text === '') return;
      const startMs = secondsToMs(results.start);
      const endMs = secondsToMs(results.start + results.duration);
      const language = alternative?.languages?.[0] ?? null;
      if (results.is_final !== true) {
        session.emit({ type: 'partial', text, startMs, endMs, language });
        return;
      }
      const words = (alternative?.words ?? []).flatMap(timedWord);
      // Results are cut by time, not by speaker: one holding several is labelled with the speaker
      // heard longest, and every word keeps its own.
      const speaker = speakerHeardLongest(words);
      session.emit({
        type: 'final',
        text,
        startMs,
        endMs,
        language,
        ...(speaker !== undefined && { speaker }),
        ...(words.length > 0 && { words }),
      });
    },
    audio: (session, frame) => {
      // An empty binary frame once meant "close" to Deepgram; it must never be sent.
      if (frame.byteLength > 0) session.sendBinary(frame);
    },
    endOfStream: (session) => session.sendJson({ type: 'CloseStream' }),
    closeMeaning: (code, reason) => {
      if (code === 1008) {
        return {
          code: 'bad_request',
          message: `Deepgram could not decode the audio (${reason || 'DATA-0000'}).`,
        };
      }
      if (code === 1011) {
        return { code: 'upstream_error', message: `Deepgram ended the stream (${reason || 'NET-0000'}).` };
      }
      return undefined;
    },
    refusalDetailHeader: 'dg-error',
    keepAlive: { intervalMs: 4000, send: (session) => session.sendJson({ type: 'KeepAlive' }) },
  };
}
