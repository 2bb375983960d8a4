import { z } from 'zod';
import type { LiveClient, LiveStreamRequest } from '../contract.ts';
import { messageJson } from '../live/messageJson.ts';
import { openVendorSocket, type VendorProtocol, type VendorSession } from '../live/vendorSocket.ts';
import { websocketUrl } from '../live/websocketUrl.ts';
import { providerTerms } from '../vocabulary/fittingTerms.ts';
import { AudioChunks } from './audioChunks.ts';
import { type AssemblyAiConfig, streamingAddress } from './config.ts';
import { metadata } from './metadata.ts';
import { streamingError, streamingErrorMessage } from './streamingErrors.ts';
import { TurnEvents, turnSchema } from './turnEvents.ts';

const vendor = metadata.vendor;

const errorSchema = z.object({
  error: z.string().optional().catch(undefined),
  error_code: z.coerce.number().int().optional().catch(undefined),
});

/**
 * AssemblyAI Universal Streaming v3: the bare key in `Authorization` on the upgrade, options in the
 * query, PCM16 as binary chunks of 50–1000 ms, `Begin` before audio, `Turn` updates with one final
 * per turn (its timed words, and with `speaker_labels` the turn's speaker and each word's),
 * `Terminate` answered by the last turns, `Termination` and a normal close. Errors come as close
 * codes (1008, 3005–3009) or, rarely, as an `Error` message. `SpeakerRevision` (labels corrected
 * after about two minutes) is not read: a committed final is never rewritten.
 */
export const liveClient: LiveClient<AssemblyAiConfig> = {
  open: (request) => openVendorSocket(protocol(request), request.onEvent),
  address: (config) => ({
    url: streamingAddress(config),
    // An `endpoint` alone (settings from before the split) is where live audio goes, and so the one to fix.
    field:
      config.streamingEndpoint === undefined && config.endpoint !== undefined
        ? 'endpoint'
        : 'streamingEndpoint',
  }),
};

function protocol(request: LiveStreamRequest<AssemblyAiConfig>): VendorProtocol {
  const { config } = request;
  // U3 Pro formats every turn itself and takes no format_turns; the other models send a formatted
  // copy of each ended turn only when asked, and that copy is the one worth keeping.
  const formattedFollowUp = config.model !== 'u3-rt-pro';
  const turns = new TurnEvents(formattedFollowUp);
  const chunks = new AudioChunks();
  return {
    vendor,
    secrets: [config.apiKey],
    target: () => ({
      url: websocketUrl(streamingAddress(config), '/v3/ws', {
        sample_rate: '16000',
        encoding: 'pcm_s16le',
        speech_model: config.model,
        format_turns: formattedFollowUp ? 'true' : undefined,
        speaker_labels: config.enableSpeakerDiarization ? 'true' : undefined,
        keyterms_prompt: keytermsPrompt(providerTerms(metadata, 'live', request.vocabulary)),
      }),
      // AssemblyAI takes the bare key, without a scheme.
      headers: { authorization: config.apiKey },
    }),
    opened: () => undefined,
    message: (session, data, isBinary) => {
      const message = messageJson(data, isBinary, vendor);
      switch (message.type) {
        case 'Begin':
          session.emit({ type: 'ready' });
          return;
        case 'Turn':
          for (const event of turns.turn(turnSchema.parse(message))) session.emit(event);
          return;
        case 'Termination':
          for (const event of turns.terminated()) session.emit(event);
          session.finished();
          return;
        case 'Error':
          reportError(session, message);
          return;
        default:
          return;
      }
    },
    audio: (session, frame) => {
      for (const chunk of chunks.push(frame)) session.sendBinary(chunk);
    },
    endOfStream: (session) => {
      const rest = chunks.rest();
      if (rest !== undefined) session.sendBinary(rest);
      session.sendJson({ type: 'Terminate' });
    },
    closeMeaning: (code, reason) => {
      const error = streamingError(code, reason);
      return error === undefined
        ? undefined
        : { code: error.code, message: streamingErrorMessage(error, code, reason) };
    },
  };
}

function reportError(session: VendorSession, message: unknown) {
  const { error: text = '', error_code: code } = errorSchema.parse(message);
  const error = streamingError(code, text) ?? {
    code: 'upstream_error',
    explanation: `${vendor} reported an error`,
  };
  session.fail(error.code, streamingErrorMessage(error, code, text));
}

/** Streaming takes the terms as one query parameter holding a JSON array; none leaves it out. */
function keytermsPrompt(terms: readonly string[]): string | undefined {
  return terms.length === 0 ? undefined : JSON.stringify(terms);
}
