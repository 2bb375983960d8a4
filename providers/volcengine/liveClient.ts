import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { LiveClient, LiveErrorCode, LiveStreamRequest } from '../contract.ts';
import { LiveFailure } from '../live/liveErrors.ts';
import { openVendorSocket, type VendorProtocol, type VendorSession } from '../live/vendorSocket.ts';
import { websocketUrl } from '../live/websocketUrl.ts';
import { decodeFrame, encodeFrame, type Frame, messageTypes } from './binaryFrames.ts';
import type { VolcengineConfig } from './config.ts';
import { CumulativeUtterances } from './cumulativeUtterances.ts';
import { hotWordsCorpus } from './hotWords.ts';
import { metadata } from './metadata.ts';
import { volcengineWordSchema } from './utteranceWords.ts';

const vendor = metadata.vendor;
/** The "optimised" bidirectional mode: a response only when the result changes. */
const streamingPath = '/api/v3/sauc/bigmodel_async';
/** Model 1.0 billed by duration; the config offers no other model. */
const resourceId = 'volc.bigasr.sauc.duration';

/**
 * What bigmodel_async hears without being told: Volcengine documents `audio.language` for the
 * bigmodel_nostream mode only, and without it the model recognizes Chinese (with its dialects)
 * and English. So no language is ever sent live, and a session hinted at another one is refused
 * rather than heard as Chinese or English.
 */
const heardLanguages: readonly string[] = ['zh', 'en'];
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

const responseSchema = z.object({
  result: z
    .object({
      utterances: z
        .array(
          z.object({
            text: z.string(),
            start_time: z.number(),
            end_time: z.number(),
            definite: z.boolean().nullish(),
            words: z.array(volcengineWordSchema).nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

/** What the documented error codes mean, in the contract's terms and in words for the user. */
const knownErrors: Readonly<Record<number, { code: LiveErrorCode; meaning: string }>> = {
  45000001: { code: 'bad_request', meaning: 'the request parameters were not accepted' },
  45000002: { code: 'bad_request', meaning: 'the audio was empty' },
  45000081: { code: 'timeout', meaning: 'it waited too long for the next audio packet' },
  45000151: { code: 'bad_request', meaning: 'the audio format was not accepted' },
  55000031: { code: 'upstream_error', meaning: 'the server is busy' },
};

/**
 * Volcengine bigmodel streaming ASR: credentials in `X-Api-*` headers on the upgrade; every
 * message a binary frame (binaryFrames.ts); a gzip JSON full client request first, accepted with
 * audio following at once; gzip PCM16 audio frames; an empty audio frame flagged "last" ends the
 * stream, answered by a response flagged last (then the server closes). Results are cumulative.
 */
export const liveClient: LiveClient<VolcengineConfig> = {
  open: (request) => openVendorSocket(protocol(request), request.onEvent),
};

function protocol(request: LiveStreamRequest<VolcengineConfig>): VendorProtocol {
  const { config, languageHints } = request;
  const utterances = new CumulativeUtterances();
  return {
    vendor,
    secrets: [config.appKey, config.accessKey],
    target: () => {
      const unheard = languageHints.find((hint) => !heardLanguages.includes(hint));
      if (unheard !== undefined) throw new LiveFailure('bad_request', unheardLanguageMessage(unheard));
      return {
        url: websocketUrl(config.endpoint ?? metadata.defaultBaseUrl, streamingPath),
        headers: {
          'X-Api-App-Key': config.appKey,
          'X-Api-Access-Key': config.accessKey,
          'X-Api-Resource-Id': resourceId,
          'X-Api-Connect-Id': randomUUID(),
        },
      };
    },
    opened: (session) => {
      send(session, {
        kind: 'data',
        messageType: messageTypes.fullClientRequest,
        last: false,
        serialization: 'json',
        compression: 'gzip',
        payload: Buffer.from(JSON.stringify(fullClientRequest(request.vocabulary))),
      });
      // The server takes audio straight after the request; its (empty) first response is optional.
      session.emit({ type: 'ready' });
    },
    message: (session, data, isBinary) => {
      if (!isBinary) throw new Error(`${vendor} sent a text frame where a binary frame was expected`);
      const frame = decodeFrame(data);
      if (frame.kind === 'error') {
        const known = knownErrors[frame.code];
        session.fail(
          known?.code ?? errorCodeForUnknown(frame.code),
          `${vendor} ended the stream with error ${frame.code}${known ? ` (${known.meaning})` : ''}: ${frame.message || 'no message'}`,
        );
        return;
      }
      if (frame.messageType !== messageTypes.fullServerResponse) return;
      const response =
        frame.payload.length === 0 ? {} : responseSchema.parse(JSON.parse(frame.payload.toString('utf8')));
      for (const event of utterances.update(response.result?.utterances, frame.last)) session.emit(event);
      if (frame.last) session.finished();
    },
    audio: (session, frame) => {
      // An empty packet is how the stream's end is marked; a gap in capture must not look like one.
      if (frame.byteLength > 0) send(session, audioFrame(frame, false));
    },
    endOfStream: (session) => send(session, audioFrame(new Uint8Array(0), true)),
  };
}

function fullClientRequest(vocabulary: readonly string[] | undefined) {
  return {
    user: { uid: 'earshot' },
    audio: { format: 'pcm', codec: 'raw', rate: 16000, bits: 16, channel: 1 },
    request: {
      model_name: 'bigmodel',
      enable_itn: true,
      enable_punc: true,
      show_utterances: true,
      result_type: 'full',
      ...hotWordsCorpus('live', vocabulary),
    },
  };
}

function unheardLanguageMessage(hint: string): string {
  return (
    `${vendor}'s live recognizer hears only Chinese (with its dialects) and English, and cannot be told to listen for ${languageNames.of(hint) ?? hint} (${hint}). ` +
    `Start the live session without that language, use another provider live, or transcribe the recording as a file with ${vendor}, which takes it.`
  );
}

function audioFrame(pcm: Uint8Array, last: boolean): Frame {
  return {
    kind: 'data',
    messageType: messageTypes.audioOnlyRequest,
    last,
    serialization: 'none',
    compression: 'gzip',
    payload: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength),
  };
}

function send(session: VendorSession, frame: Frame) {
  session.sendBinary(encodeFrame(frame));
}

/** 45xxxxxx codes are the request's fault; 55xxxxxx and anything else, the service's. */
function errorCodeForUnknown(code: number): LiveErrorCode {
  return Math.floor(code / 1_000_000) === 45 ? 'bad_request' : 'upstream_error';
}
