import { z } from 'zod';
import type { LiveClient, LiveStreamRequest } from '../contract.ts';
import { messageJson } from '../live/messageJson.ts';
import { openVendorSocket, type VendorProtocol, type VendorSession } from '../live/vendorSocket.ts';
import { websocketUrl } from '../live/websocketUrl.ts';
import { speakerHeardLongest } from '../speakerHeardLongest.ts';
import { CommitTwins, type Final } from './commitTwins.ts';
import type { ElevenLabsConfig } from './config.ts';
import { EndOfStreamAnswer } from './endOfStreamAnswer.ts';
import { keyterms } from './keyterms.ts';
import { metadata } from './metadata.ts';
import { realtimeError } from './realtimeErrors.ts';
import { spokenWord } from './wordSegments.ts';

const vendor = metadata.vendor;
const sampleRate = 16_000;

const sessionStartedSchema = z.object({
  config: z.object({ include_timestamps: z.boolean().nullish() }).nullish(),
});
const transcriptSchema = z.object({ text: z.string().nullish() });
const timedTranscriptSchema = z.object({
  text: z.string().nullish(),
  language_code: z.string().nullish(),
  words: z
    .array(
      z.object({
        text: z.string().nullish(),
        start: z.number().nullish(),
        end: z.number().nullish(),
        type: z.string().nullish(),
        speaker_id: z.string().nullish(),
        logprob: z.number().nullish(),
      }),
    )
    .nullish(),
});

/**
 * ElevenLabs Scribe v2 Realtime: `xi-api-key` on the upgrade, options in the query, PCM16 as base64
 * in JSON `input_audio_chunk` messages, answered by `session_started`, `partial_transcript`,
 * `final_transcript` (a segment's text once speech settles: it will not change, but it is not
 * committed yet, so it is shown as the settled partial) and one commit per utterance, which is what
 * is kept. It asks for VAD commits: the default, manual, commits nothing until the end. The
 * stream has no end message: a chunk with `commit: true` makes Scribe commit what is pending, and
 * the commit that answers it (see EndOfStreamAnswer) is the last event.
 */
export const liveClient: LiveClient<ElevenLabsConfig> = {
  open: (request) => openVendorSocket(protocol(request), request.onEvent),
};

function protocol(request: LiveStreamRequest<ElevenLabsConfig>): VendorProtocol {
  const { config, languageHints } = request;
  const commits = new CommitTwins();
  let openedSession: VendorSession | undefined;
  const endAnswer = new EndOfStreamAnswer(() => openedSession?.finished());
  let started = false;
  let endRequested = false;
  let endSent = false;

  const sendEnd = (session: VendorSession) => {
    endSent = true;
    session.sendJson({
      message_type: 'input_audio_chunk',
      audio_base_64: '',
      commit: true,
      sample_rate: sampleRate,
    });
  };
  /** Text of the segment not yet committed: tentative, or final (then with its delayed times). */
  const pending = (session: VendorSession, transcript: Omit<Final, 'type'>) => {
    if (endSent) endAnswer.stillTranscribing();
    // A partial is shown, not kept: its words come with the commit.
    const { words: _words, speaker: _speaker, ...shown } = transcript;
    if (shown.text !== '') session.emit({ ...shown, type: 'partial' });
  };
  const speakers = config.enableSpeakerDiarization;
  const committed = (session: VendorSession, finals: Final[]) => {
    for (const final of finals) session.emit(final);
    if (endSent && commits.settled()) endAnswer.commitArrived(finals);
  };

  return {
    vendor,
    secrets: [config.apiKey],
    target: () => ({
      url: websocketUrl(config.endpoint ?? metadata.defaultBaseUrl, '/v1/speech-to-text/realtime', {
        model_id: config.model,
        audio_format: 'pcm_16000',
        commit_strategy: 'vad',
        include_timestamps: 'true',
        // Scribe takes one language; several hints, or none, leave it to detect the language.
        language_code: languageHints.length === 1 ? languageHints[0] : undefined,
        keyterms: keyterms('live', request.vocabulary),
      }),
      headers: { 'xi-api-key': config.apiKey },
    }),
    opened: (session) => {
      openedSession = session;
    },
    message: (session, data, isBinary) => {
      const message = messageJson(data, isBinary, vendor);
      const error = realtimeError(message);
      if (error !== undefined) {
        session.fail(error.code, error.message);
        return;
      }
      switch (message.message_type) {
        case 'session_started': {
          const startedMessage = sessionStartedSchema.parse(message);
          commits.expectTimestamps(startedMessage.config?.include_timestamps ?? true);
          started = true;
          session.emit({ type: 'ready' });
          if (endRequested) sendEnd(session);
          return;
        }
        case 'partial_transcript':
        case 'final_transcript':
          pending(session, { text: transcriptSchema.parse(message).text?.trim() ?? '' });
          return;
        case 'final_transcript_with_timestamps':
          pending(session, timedText(timedTranscriptSchema.parse(message), speakers));
          return;
        case 'committed_transcript':
          committed(session, commits.plain(transcriptSchema.parse(message).text?.trim() ?? ''));
          return;
        case 'committed_transcript_with_timestamps':
          committed(
            session,
            commits.timed({ type: 'final', ...timedText(timedTranscriptSchema.parse(message), speakers) }),
          );
          return;
        default:
          return;
      }
    },
    audio: (session, frame) => {
      if (frame.byteLength === 0) return;
      endAnswer.audioSent(frame.byteLength);
      session.sendJson({
        message_type: 'input_audio_chunk',
        audio_base_64: Buffer.from(frame).toString('base64'),
        commit: false,
        sample_rate: sampleRate,
      });
    },
    endOfStream: (session) => {
      endRequested = true;
      if (started) sendEnd(session);
    },
    closeMeaning: (code, reason) => {
      if (code === 1011 || code === 1013) {
        return {
          code: 'upstream_error',
          message: `ElevenLabs ended the stream (code ${code}${reason ? `: ${reason}` : ''}).`,
        };
      }
      return undefined;
    },
  };
}

/**
 * A final or committed transcript with its words: the text, timed by its first and last word, and
 * the words themselves; with `speakers`, each word's speaker and the transcript's, the one heard
 * longest (a commit cannot be split, though its words may change speaker).
 */
function timedText(
  transcript: z.output<typeof timedTranscriptSchema>,
  speakers: boolean,
): Omit<Final, 'type'> {
  const words = (transcript.words ?? []).flatMap((word) => spokenWord(word, speakers) ?? []);
  const start = words[0]?.startMs;
  const end = words.at(-1)?.endMs;
  const speaker = speakerHeardLongest(words);
  return {
    text: transcript.text?.trim() ?? '',
    ...(start !== undefined && { startMs: start }),
    ...(end !== undefined && { endMs: end }),
    language: transcript.language_code ?? null,
    ...(speaker !== undefined && { speaker }),
    ...(words.length > 0 && { words }),
  };
}
