import { z } from 'zod';
import type { LiveClient, LiveErrorCode, LiveStreamRequest } from '../contract.ts';
import { liveErrorCodeForStatus } from '../live/liveErrors.ts';
import { messageJson } from '../live/messageJson.ts';
import { openVendorSocket, type VendorProtocol, type VendorSession } from '../live/vendorSocket.ts';
import { secondsToMs } from '../untimedSegments.ts';
import type { GladiaConfig } from './config.ts';
import { gladiaUtteranceSchema } from './gladiaAnswers.ts';
import { createLiveSession } from './liveSessionInit.ts';
import { metadata } from './metadata.ts';
import { utteranceWords } from './utteranceWords.ts';

const vendor = metadata.vendor;

const errorText = z.string().trim().min(1).optional().catch(undefined);
const httpStatus = z.coerce.number().int().min(400).max(599).optional().catch(undefined);
const errorFieldsSchema = z.object({
  message: errorText,
  error: errorText,
  code: httpStatus,
  status_code: httpStatus,
  statusCode: httpStatus,
});
const errorSchema = errorFieldsSchema.extend({ data: errorFieldsSchema.optional().catch(undefined) });

const transcriptSchema = z.object({
  data: z.object({
    id: z.string().optional(),
    is_final: z.boolean(),
    // Times in seconds from the start of the session's audio, read as optional so that an
    // utterance without them still gives its text.
    utterance: gladiaUtteranceSchema.partial({ start: true, end: true }),
  }),
});

/**
 * Gladia live v2: a session is created over HTTP first (its answer holds the WebSocket URL and the
 * token that authorises it), then PCM16 goes as binary frames from the moment the socket opens, as
 * the official SDK sends it: Gladia sends no `start_session` on the socket (the SDK makes that one
 * up from the init's answer). `transcript` carries partials and finals per utterance (a final with
 * its timed words; Gladia's live API does not diarize);
 * `stop_recording` is answered by the last finals, `end_recording`, `end_session` and a normal close.
 */
export const liveClient: LiveClient<GladiaConfig> = {
  open: (request) => openVendorSocket(protocol(request), request.onEvent),
};

function protocol(request: LiveStreamRequest<GladiaConfig>): VendorProtocol {
  const { config, languageHints } = request;
  // The session token joins the secrets once known: it lets anyone stream into the session.
  const secrets = [config.apiKey];
  const finalUtterances = new Set<string>();
  return {
    vendor,
    secrets,
    target: async (signal) => {
      const url = await createLiveSession(config, languageHints, request.vocabulary ?? [], signal);
      const token = new URL(url).searchParams.get('token');
      if (token !== null) secrets.push(token);
      return { url };
    },
    opened: (session) => session.emit({ type: 'ready' }),
    message: (session, data, isBinary) => {
      const message = messageJson(data, isBinary, vendor);
      switch (message.type) {
        case 'transcript':
          transcript(session, message, finalUtterances);
          return;
        case 'end_session':
          session.finished();
          return;
        case 'error':
          reportError(session, message);
          return;
        default:
          return;
      }
    },
    audio: (session, frame) => {
      if (frame.byteLength > 0) session.sendBinary(frame);
    },
    endOfStream: (session) => session.sendJson({ type: 'stop_recording' }),
  };
}

function transcript(session: VendorSession, message: unknown, finalUtterances: Set<string>) {
  const { data } = transcriptSchema.parse(message);
  const text = data.utterance.text.trim();
  if (text === '') return;
  if (data.is_final && data.id !== undefined) {
    // An utterance is committed once; a repeated final for it would duplicate its words.
    if (finalUtterances.has(data.id)) return;
    finalUtterances.add(data.id);
  }
  const startMs = optionalMs(data.utterance.start);
  const endMs = optionalMs(data.utterance.end);
  const language = data.utterance.language ?? null;
  if (!data.is_final) {
    session.emit({ type: 'partial', text, startMs, endMs, language });
    return;
  }
  const words = utteranceWords(data.utterance);
  session.emit({ type: 'final', text, startMs, endMs, language, ...(words.length > 0 && { words }) });
}

/**
 * Gladia documents `receive_errors` but not the error message's shape: the text may be in
 * `data.message` or `message`, and a status-like code, if any, next to it.
 */
function reportError(session: VendorSession, message: unknown) {
  const error = errorSchema.parse(message);
  const text = error.data?.message ?? error.message ?? error.data?.error ?? error.error;
  const status =
    error.data?.code ??
    error.data?.status_code ??
    error.data?.statusCode ??
    error.code ??
    error.status_code ??
    error.statusCode;
  const code: LiveErrorCode = status === undefined ? 'upstream_error' : liveErrorCodeForStatus(status);
  session.fail(code, `${vendor} reported an error: ${text ?? 'no details given'}.`);
}

function optionalMs(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : secondsToMs(seconds);
}
