import { z } from 'zod';
import type { LiveClient, LiveStreamRequest } from '../contract.ts';
import { messageJson } from '../live/messageJson.ts';
import { openVendorSocket, type VendorProtocol } from '../live/vendorSocket.ts';
import { websocketUrl } from '../live/websocketUrl.ts';
import type { DeepgramConfig } from './config.ts';
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
    alternatives: z.array(z.object({ transcript: z.string(), languages: z.array(z.string()).optional() })),
  }),
});

/**
 * Deepgram listen v1: credentials in `Authorization: Token` on the upgrade, options in the query,
 * PCM16 as binary frames, `Results` per audio span (final only with `is_final: true`), `CloseStream` answered by
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
      const startMs = Math.round(results.start * 1000);
      const endMs = Math.round((results.start + results.duration) * 1000);
      const language = alternative?.languages?.[0] ?? null;
      session.emit({ type: results.is_final === true ? 'final' : 'partial', text, startMs, endMs, language });
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
