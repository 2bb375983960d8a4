import { z } from 'zod';
import type { LiveClient, LiveErrorCode, LiveStreamRequest } from '../contract.ts';
import { messageJson } from '../live/messageJson.ts';
import { openVendorSocket, type VendorProtocol, type VendorSession } from '../live/vendorSocket.ts';
import { websocketUrl } from '../live/websocketUrl.ts';
import { providerTerms } from '../vocabulary/fittingTerms.ts';
import type { SixtyDbConfig } from './config.ts';
import { metadata } from './metadata.ts';
import { SentenceFinals } from './sentenceFinals.ts';
import { sixtyDbSpeakersSchema, sixtyDbWordSchema, wordsAndSpeaker } from './sixtyDbWords.ts';
import { liveContext } from './vocabularyFields.ts';

const vendor = metadata.vendor;
const mostCandidateLanguages = 5;

const transcriptionSchema = z.object({
  text: z.string().nullish(),
  speech_final: z.boolean().nullish(),
  sentence_id: z.union([z.number(), z.string()]).nullish(),
  language: z.string().nullish(),
  start: z.number().nullish(),
  end: z.number().nullish(),
  words: z.array(sixtyDbWordSchema).nullish(),
  // Only with `config.diarize`; read as the REST answer's speakers, each timed.
  speakers: sixtyDbSpeakersSchema,
});
const errorSchema = z.object({
  error: z.string().nullish(),
  message: z.string().nullish(),
  error_code: z.union([z.string(), z.number()]).nullish(),
});

/** What 60db's error codes and close reasons say, in the contract's terms (first match wins). */
const errorMeanings: ReadonlyArray<[pattern: RegExp, code: LiveErrorCode]> = [
  [/INSUFFICIENT|CREDIT|BALANCE|PAYMENT/, 'payment_required'],
  [/RATE.?LIMIT|TOO.?MANY|THROTTL|CONCURREN/, 'rate_limited'],
  [/UNAUTH|API.?KEY|INVALID.?KEY|TOKEN|AUTHENTICAT/, 'unauthorized'],
  [/FORBIDDEN|PERMISSION|NOT.?ALLOWED|WORKSPACE/, 'forbidden'],
  [/TIMEOUT|TIMED.?OUT/, 'timeout'],
  [/UNAVAILABLE|OVERLOAD|BUSY|INTERNAL|UPSTREAM|SERVER/, 'upstream_error'],
  [/INVALID|UNSUPPORTED|MISSING|REQUIRED|NOT.?STARTED|BAD/, 'bad_request'],
];

/**
 * 60db's STT WebSocket: the key in the `apiKey` query parameter (the only way 60db takes it);
 * `connection_established` (as the message type or a true property) → `start` (language
 * candidates, linear PCM16 16 kHz) → `session_started`, after which audio goes as base64 in JSON
 * `audio` messages (binary frames may be taken as μ-law); `stop` → `session_stopped` → close.
 * Finals are the `speech_final` results only, `is_final` or not (sentenceFinals.ts). 60db pings every 30 s and the
 * socket answers by itself, so no keepalive message exists or is needed.
 */
export const liveClient: LiveClient<SixtyDbConfig> = {
  open: (request) => openVendorSocket(protocol(request), request.onEvent),
};

function protocol(request: LiveStreamRequest<SixtyDbConfig>): VendorProtocol {
  const { config, languageHints } = request;
  const sentences = new SentenceFinals();
  let startSent = false;
  let ready = false;
  const becomeReady = (session: VendorSession) => {
    if (ready) return;
    ready = true;
    session.emit({ type: 'ready' });
  };
  return {
    vendor,
    secrets: [config.apiKey],
    target: () => ({
      url: websocketUrl(config.endpoint ?? metadata.defaultBaseUrl, '/ws/stt', { apiKey: config.apiKey }),
    }),
    opened: () => {
      // 60db speaks first; `start` waits for its connection_established.
    },
    message: (session, data, isBinary) => {
      const message = messageJson(data, isBinary, vendor);
      if (
        !startSent &&
        (message.type === 'connection_established' || message.connection_established === true)
      ) {
        startSent = true;
        session.sendJson(
          startMessage(
            languageHints,
            providerTerms(metadata, 'live', request.vocabulary),
            config.enableSpeakerDiarization,
          ),
        );
        return;
      }
      switch (message.type) {
        case 'session_started':
          becomeReady(session);
          return;
        case 'connected':
          // The quick-start guide's variant: `connected` after `start` means audio may flow.
          if (startSent) becomeReady(session);
          return;
        case 'transcription': {
          const event = sentences.add(
            sentenceResult(transcriptionSchema.parse(message), config.enableSpeakerDiarization),
          );
          if (event !== undefined) session.emit(event);
          return;
        }
        case 'session_stopped':
          for (const event of sentences.end()) session.emit(event);
          session.finished();
          return;
        case 'error': {
          const { error, message: text, error_code: errorCode } = errorSchema.parse(message);
          const code = errorCode === undefined || errorCode === null ? '' : String(errorCode);
          const said = error ?? text ?? '';
          session.fail(
            meaningOf(code) ?? meaningOf(said) ?? 'upstream_error',
            `${vendor} reported an error${code ? ` (${code})` : ''}: ${said || 'no message'}`,
          );
        }
      }
    },
    audio: (session, frame) => {
      if (frame.byteLength === 0) return;
      session.sendJson({
        type: 'audio',
        audio: Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).toString('base64'),
        encoding: 'linear',
        sample_rate: 16000,
      });
    },
    endOfStream: (session) => session.sendJson({ type: 'stop' }),
    closeMeaning: (code, reason) => {
      const described = `${vendor} closed the connection (code ${code}${reason ? `: ${reason}` : ''}).`;
      // 1008 is 60db's refusal: no credit, or a credential or workspace it does not accept.
      if (code === 1008) return { code: meaningOf(reason) ?? 'unauthorized', message: described };
      if (code === 1011 || code === 1013)
        return { code: meaningOf(reason) ?? 'upstream_error', message: described };
      if (code === 1003 || code === 1007) return { code: 'bad_request', message: described };
      return undefined;
    },
  };
}

function startMessage(languageHints: readonly string[], terms: readonly string[], diarize: boolean) {
  return {
    type: 'start',
    // No candidates means 60db detects the language itself.
    languages: languageHints.length === 0 ? null : languageHints.slice(0, mostCandidateLanguages),
    config: {
      encoding: 'linear',
      sample_rate: 16000,
      continuous_mode: true,
      utterance_end_ms: 500,
      interim_results_frequency: 300,
      // Sent only when asked for, so that 60db's default stays as it is otherwise.
      ...(diarize && { diarize: true }),
    },
    ...liveContext(terms),
  };
}

/**
 * Times are read as seconds, as 60db's REST results give them; words time a result without its
 * own, and carry their speakers (sixtyDbWords.ts) when speakers were asked for.
 */
function sentenceResult(transcription: z.output<typeof transcriptionSchema>, speakers: boolean) {
  const listed = transcription.words ?? [];
  const start = transcription.start ?? listed[0]?.start;
  const end = transcription.end ?? listed.at(-1)?.end;
  const startMs = typeof start === 'number' ? Math.round(start * 1000) : undefined;
  const endMs = typeof end === 'number' ? Math.round(end * 1000) : undefined;
  const { words, speaker } = wordsAndSpeaker(
    { startMs, endMs, words: listed, speakers: transcription.speakers },
    speakers,
  );
  const { sentence_id: sentenceId } = transcription;
  return {
    text: transcription.text ?? '',
    speechFinal: transcription.speech_final === true,
    ...(sentenceId !== undefined && sentenceId !== null && { sentenceId: String(sentenceId) }),
    ...(startMs !== undefined && { startMs }),
    ...(endMs !== undefined && { endMs }),
    language: transcription.language ?? null,
    words,
    ...(speaker !== undefined && { speaker }),
  };
}

function meaningOf(said: string): LiveErrorCode | undefined {
  const upper = said.toUpperCase();
  return errorMeanings.find(([pattern]) => pattern.test(upper))?.[1];
}
