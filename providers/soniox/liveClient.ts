import type { LiveClient, LiveStreamRequest } from '../contract.ts';
import { liveErrorCodeForStatus } from '../live/liveErrors.ts';
import { messageJson } from '../live/messageJson.ts';
import { openVendorSocket, type VendorProtocol } from '../live/vendorSocket.ts';
import { websocketUrl } from '../live/websocketUrl.ts';
import { providerTerms } from '../vocabulary/fittingTerms.ts';
import type { SonioxConfig } from './config.ts';
import { realtimeResponseSchema, realtimeTranscript } from './liveResponses.ts';
import { metadata } from './metadata.ts';
import { vocabularyContext } from './vocabularyContext.ts';

const vendor = metadata.vendor;

/** Soniox's real-time host differs from its REST host (`metadata.defaultBaseUrl`). */
const realtimeUrl = 'wss://stt-rt.soniox.com/transcribe-websocket';

/**
 * Soniox real-time: one JSON config message first (credentials in its `api_key`, never in the URL),
 * then audio as binary frames; responses carry sub-word tokens with `is_final`, in-band errors as
 * `error_code` (HTTP semantics) before the server closes, and an empty frame ends the stream,
 * answered by a response with `finished: true`. Soniox sends nothing before its first results, so
 * the stream is ready once the config is sent.
 */
export const liveClient: LiveClient<SonioxConfig> = {
  open: (request) => openVendorSocket(protocol(request), request.onEvent),
};

function protocol(request: LiveStreamRequest<SonioxConfig>): VendorProtocol {
  const { config } = request;
  const transcript = realtimeTranscript(config.translationTargetLanguage);
  return {
    vendor,
    secrets: [config.apiKey],
    target: () => ({
      url:
        config.endpoint === undefined ? realtimeUrl : websocketUrl(config.endpoint, '/transcribe-websocket'),
    }),
    opened: (session) => {
      session.sendJson(configMessage(request));
      session.emit({ type: 'ready' });
    },
    message: (session, data, isBinary) => {
      const response = realtimeResponseSchema.parse(messageJson(data, isBinary, vendor));
      if (typeof response.error_code === 'number') {
        const reason = response.error_message?.trim() || 'no reason given';
        session.fail(
          liveErrorCodeForStatus(response.error_code),
          `${vendor} ended the stream with error ${response.error_code}: ${reason}`,
        );
        return;
      }
      for (const event of transcript(response)) session.emit(event);
      if (response.finished === true) session.finished();
    },
    audio: (session, frame) => {
      // An empty frame is Soniox's end of stream; it must only ever come from endOfStream.
      if (frame.byteLength > 0) session.sendBinary(frame);
    },
    endOfStream: (session) => session.sendBinary(new Uint8Array(0)),
    // Soniox ends a stream that has had neither audio nor a keepalive for 20 s. The socket checks
    // for flowing audio on each tick, so a keepalive can come up to two intervals after the last
    // audio; 5 s keeps that within 10 s.
    keepAlive: { intervalMs: 5000, send: (session) => session.sendJson({ type: 'keepalive' }) },
  };
}

function configMessage(request: LiveStreamRequest<SonioxConfig>) {
  const { config, languageHints } = request;
  return {
    api_key: config.apiKey,
    model: config.model,
    ...(request.audioFormat === 'pcm16'
      ? { audio_format: 'pcm_s16le', sample_rate: 16_000, num_channels: 1 }
      : { audio_format: 'auto' }),
    ...(languageHints.length > 0 && { language_hints: languageHints }),
    enable_language_identification: true,
    enable_endpoint_detection: true,
    enable_speaker_diarization: config.enableSpeakerDiarization,
    ...vocabularyContext(providerTerms(metadata, 'live', request.vocabulary)),
    ...(config.translationEnabled &&
      config.translationTargetLanguage !== undefined && {
        translation: { type: 'one_way', target_language: config.translationTargetLanguage },
      }),
  };
}
