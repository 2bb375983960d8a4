import { randomUUID } from 'node:crypto';
import type { HeardWord } from '../streaming/markedSpeech.ts';
import { type FollowerUpdate, SpeechFollower } from '../streaming/speechFollower.ts';
import { type FakeWire, type StreamingFake, startStreamingFake } from '../streaming/streamingFake.ts';
import { assemblyAiFakeApiKey } from './server.ts';

const speechModels = [
  'u3-rt-pro',
  'universal-streaming-english',
  'universal-streaming-multilingual',
  'whisper-rt',
];
/** PCM16 at 16 kHz: 32 bytes per ms; a chunk must hold 50–1000 ms. */
const bytesPerMs = 32;
const shortestChunkMs = 50;
const longestChunkMs = 1000;
const sessionLimitSeconds = 3 * 60 * 60;

/** How `rejectNext` statuses reach the client: AssemblyAI closes the socket right after the upgrade. */
const rejectionCloses: Record<number, { code: number; reason: string }> = {
  401: { code: 1008, reason: 'Unauthorized connection: Invalid API key' },
  402: { code: 1008, reason: 'Unauthorized connection: insufficient account balance' },
  429: { code: 3009, reason: 'Too many concurrent sessions' },
};

export interface AssemblyAiStreamingOptions {
  /**
   * Refuse a wrong key with HTTP 401 at the upgrade instead of accepting it and closing with
   * 1008 (AssemblyAI documents the close; some clients have seen the refusal).
   */
  refuseKeyAtUpgrade?: boolean;
}

/**
 * AssemblyAI Universal Streaming v3 (`/v3/ws`): the bare key in `Authorization`, `sample_rate`
 * required (this fake decodes 16 kHz `pcm_s16le` only; other values are refused at the upgrade
 * with HTTP 400, a guess), `Begin` on connect, every binary chunk 50–1000 ms or close 3007, `Turn`
 * updates (unformatted while the turn is open; at its end an unformatted end of turn followed, with
 * `format_turns=true`, by a formatted copy; U3 Pro sends the formatted end of turn only),
 * `speaker_labels=true` adding the turn's `speaker_label` and each word's `speaker` (turns
 * alternate between "A" and "B"), `ForceEndpoint`, and `Terminate` answered by the last turns,
 * `Termination` and close 1000. A wrong key and `rejectNext` statuses are close codes after the upgrade: 1008 for the key and for
 * no balance (402), 3009 for too many sessions (429), 3005 for a server error (anything else).
 */
export function startAssemblyAiStreamingFake(
  options: AssemblyAiStreamingOptions = {},
): Promise<StreamingFake> {
  return startStreamingFake({
    paths: ['/v3/ws'],
    checkUpgrade: (request, url) => {
      if (options.refuseKeyAtUpgrade && request.headers.authorization !== assemblyAiFakeApiKey) {
        return { status: 401, body: { error: 'Invalid API key' } };
      }
      const query = url.searchParams;
      const model = query.get('speech_model');
      const problem =
        query.get('sample_rate') !== '16000'
          ? 'this fake takes sample_rate=16000 only'
          : (query.get('encoding') ?? 'pcm_s16le') !== 'pcm_s16le'
            ? 'this fake takes encoding=pcm_s16le only'
            : model !== null && !speechModels.includes(model)
              ? `speech_model must be one of ${speechModels.join(', ')}`
              : undefined;
      return problem === undefined
        ? undefined
        : { status: 400, body: { error: `Invalid query: ${problem}` } };
    },
    connected: (wire, url) => {
      if (wire.connection.headers.authorization !== assemblyAiFakeApiKey) {
        wire.close(1008, 'Unauthorized connection: Invalid API key');
        return () => undefined;
      }
      if (wire.rejection !== undefined) {
        const close = rejectionCloses[wire.rejection] ?? { code: 3005, reason: 'Internal server error' };
        wire.close(close.code, close.reason);
        return () => undefined;
      }
      return followStream(wire, url);
    },
  });
}

/** One accepted stream, from `Begin` to `Termination`. */
function followStream(wire: FakeWire, url: URL) {
  const model = url.searchParams.get('speech_model') ?? 'universal-streaming-english';
  const formatsInPlace = model === 'u3-rt-pro';
  const formatTurns = url.searchParams.get('format_turns') === 'true';
  const speakerLabels = url.searchParams.get('speaker_labels') === 'true';
  const follower = new SpeechFollower();
  const startedAt = Date.now();
  let turnOrder = 0;
  let ended = false;

  const sendTurn = (words: readonly HeardWord[], endOfTurn: boolean, formatted: boolean) => {
    const text = wordsTranscript(words, formatted);
    // Speakers take turns; the labels are sent only with speaker_labels=true.
    const speaker = turnOrder % 2 === 0 ? 'A' : 'B';
    wire.send({
      type: 'Turn',
      turn_order: turnOrder,
      turn_is_formatted: formatted,
      end_of_turn: endOfTurn,
      transcript: text,
      end_of_turn_confidence: endOfTurn ? 0.83 : 0.04,
      words: words.map((word) => ({
        start: word.startMs,
        end: word.endMs,
        text: word.word,
        confidence: 0.91,
        word_is_final: endOfTurn || !formatsInPlace,
        ...(speakerLabels && { speaker }),
      })),
      utterance: endOfTurn ? text : '',
      ...(speakerLabels && { speaker_label: speaker }),
    });
  };
  const report = (updates: FollowerUpdate[]) => {
    for (const update of updates) {
      if (update.kind === 'partial') {
        sendTurn(update.words, false, false);
        continue;
      }
      if (formatsInPlace) sendTurn(update.words, true, true);
      else {
        sendTurn(update.words, true, false);
        if (formatTurns) sendTurn(update.words, true, true);
      }
      turnOrder++;
    }
  };

  wire.send({
    type: 'Begin',
    id: randomUUID(),
    expires_at: Math.floor(startedAt / 1000) + sessionLimitSeconds,
  });
  return (data: Buffer, isBinary: boolean) => {
    if (ended) return;
    if (isBinary) {
      const chunkMs = data.length / bytesPerMs;
      if (chunkMs < shortestChunkMs || chunkMs > longestChunkMs) {
        ended = true;
        wire.close(
          3007,
          `Input duration violation: ${chunkMs} ms. Expected between ${shortestChunkMs} and ${longestChunkMs} ms`,
        );
        return;
      }
      if (!wire.audioReceived(data.length)) return;
      report(follower.push(data));
      return;
    }
    const message = JSON.parse(data.toString('utf8')) as { type?: string };
    if (message.type === 'ForceEndpoint') report(follower.flush());
    if (message.type === 'Terminate') {
      ended = true;
      report(follower.flush());
      wire.send({
        type: 'Termination',
        audio_duration_seconds: Math.round(follower.heardMs / 1000),
        session_duration_seconds: Math.round((Date.now() - startedAt) / 1000),
      });
      wire.close(1000);
    }
  };
}

/** Lower case without punctuation, or, formatted, a capital and a full stop. */
function wordsTranscript(words: readonly HeardWord[], formatted: boolean): string {
  const text = words.map((word) => word.word).join(' ');
  return formatted && text !== '' ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : text;
}
