import { z } from 'zod';
import type { LiveClient, LiveStreamRequest } from '../contract.ts';
import { messageJson } from '../live/messageJson.ts';
import { openVendorSocket, type VendorProtocol, type VendorSession } from '../live/vendorSocket.ts';
import { websocketUrl } from '../live/websocketUrl.ts';
import type { MistralConfig } from './config.ts';
import { DeltaUtterances, type VendorSegment } from './deltaUtterances.ts';
import { metadata } from './metadata.ts';
import { realtimeError } from './realtimeError.ts';

const vendor = metadata.vendor;

const deltaSchema = z.object({ text: z.string() });
// Mistral's own models let the times be null although its schema says numbers.
const segmentSchema = z.object({ text: z.string(), start: z.number().nullish(), end: z.number().nullish() });
const languageSchema = z.object({ audio_language: z.string().nullish(), language: z.string().nullish() });
const doneSchema = z.object({
  text: z.string().nullish(),
  language: z.string().nullish(),
  segments: z.array(segmentSchema).nullish(),
});

/**
 * Mistral Voxtral realtime: `Authorization: Bearer` on the upgrade, the model in the query;
 * `session.created` is answered with `session.update` declaring PCM16 at 16 kHz; audio goes as base64
 * in `input_audio.append`; text arrives as append-only deltas (see DeltaUtterances for how they
 * become utterances); `input_audio.end` is answered by `transcription.done`, the last event.
 */
export const liveClient: LiveClient<MistralConfig> = {
  open: (request) => openVendorSocket(protocol(request), request.onEvent),
};

function protocol(request: LiveStreamRequest<MistralConfig>): VendorProtocol {
  const { config, languageHints } = request;
  const utterances = new DeltaUtterances();
  let created = false;
  let endRequested = false;

  const sendEnd = (session: VendorSession) => session.sendJson({ type: 'input_audio.end' });
  const emitAll = (session: VendorSession, events: ReturnType<DeltaUtterances['delta']>) => {
    for (const event of events) session.emit(event);
  };

  return {
    vendor,
    secrets: [config.apiKey],
    target: () => ({
      url: websocketUrl(config.endpoint ?? metadata.defaultBaseUrl, '/v1/audio/transcriptions/realtime', {
        model: config.model,
        // No realtime language option is documented (the batch API's field is `language`); an
        // unknown query parameter is ignored, so the one hint is offered here and detection is
        // the fallback.
        language: languageHints.length === 1 ? languageHints[0] : undefined,
      }),
      headers: { authorization: `Bearer ${config.apiKey}` },
    }),
    opened: () => undefined,
    message: (session, data, isBinary) => {
      const message = messageJson(data, isBinary, vendor);
      switch (message.type) {
        case 'session.created':
          // The default format is believed to be this already; saying so costs nothing.
          session.sendJson({
            type: 'session.update',
            session: { audio_format: { encoding: 'pcm_s16le', sample_rate: 16_000 } },
          });
          created = true;
          session.emit({ type: 'ready' });
          if (endRequested) sendEnd(session);
          return;
        case 'transcription.language': {
          const language = languageSchema.parse(message);
          const code = language.audio_language ?? language.language;
          if (code) utterances.heardLanguage(code);
          return;
        }
        case 'transcription.text.delta':
          emitAll(session, utterances.delta(deltaSchema.parse(message).text));
          return;
        case 'transcription.segment':
          emitAll(session, utterances.segment(vendorSegment(segmentSchema.parse(message))));
          return;
        case 'transcription.done': {
          const done = doneSchema.parse(message);
          if (done.language) utterances.heardLanguage(done.language);
          emitAll(session, utterances.done(done.text ?? '', (done.segments ?? []).map(vendorSegment)));
          session.finished();
          return;
        }
        case 'error': {
          const error = realtimeError(message);
          session.fail(error.code, error.message);
          return;
        }
        default:
          return;
      }
    },
    audio: (session, frame) => {
      if (frame.byteLength === 0) return;
      session.sendJson({ type: 'input_audio.append', audio: Buffer.from(frame).toString('base64') });
    },
    endOfStream: (session) => {
      endRequested = true;
      if (created) sendEnd(session);
    },
    closeMeaning: (code, reason) => {
      if (code === 1011 || code === 1013) {
        return {
          code: 'upstream_error',
          message: `Mistral ended the stream (code ${code}${reason ? `: ${reason}` : ''}).`,
        };
      }
      return undefined;
    },
  };
}

function vendorSegment(segment: z.output<typeof segmentSchema>): VendorSegment {
  return {
    text: segment.text,
    startMs: typeof segment.start === 'number' ? Math.round(segment.start * 1000) : undefined,
    endMs: typeof segment.end === 'number' ? Math.round(segment.end * 1000) : undefined,
  };
}
