/**
 * The one contract every speech-recognition provider implements (P01–P14). The registry, the file
 * job, the live pipeline and the settings page only ever talk to providers through these types.
 */
import type { z } from 'zod';

export const providerIds = [
  'soniox',
  'volcengine',
  'elevenlabs',
  'mistral',
  'gladia',
  'deepgram',
  'assemblyai',
  'sixtydb',
  'cloudflare',
  'siliconflow',
  'groq',
  'openai-compatible',
  'funasr',
  'whisper-cpp',
] as const;
export type ProviderId = (typeof providerIds)[number];

export type ProviderKind = 'cloud' | 'local';
export type ProviderTransport = 'websocket-direct' | 'websocket-proxy' | 'rest-batch' | 'rest-local';
/** How live audio reaches the provider: MediaRecorder WebM/Opus, or AudioWorklet PCM16 16 kHz mono. */
export type AudioInputMode = 'webm-opus' | 'pcm16';
export type ExecutionMode = 'streaming' | 'windowed-interval' | 'windowed-debounce' | 'managed-runtime';

export interface ProviderCapabilities {
  streaming: boolean;
  translation: boolean;
  /** Speakers are told apart (with `enableSpeakerDiarization`), in files at least. */
  diarization: boolean;
  /** …and in real-time transcription too: the Live page promises speakers only then. */
  liveDiarization: boolean;
  /** Emits token-level events (P01). */
  tokenEvents: boolean;
  /** The live pipeline should prefer token events over partial/final text (P01). */
  prefersTokenEvents: boolean;
  fileTranscription: boolean;
}

/** What one request to the vendor's file API may carry; the job chunks audio to fit. */
export interface FileRequestLimits {
  maxBytes?: number;
  maxDurationMs?: number;
}

export interface ProviderMetadata {
  id: ProviderId;
  /** P01…P14 */
  label: string;
  /** Product name shown to people, e.g. "Deepgram". */
  name: string;
  vendor: string;
  kind: ProviderKind;
  transport: ProviderTransport;
  audioInput: AudioInputMode;
  executionMode: ExecutionMode;
  capabilities: ProviderCapabilities;
  /**
   * The vendor's base URL as given in the protocol reference (for P12–P14 the default of their
   * `baseUrl`); a config's `endpoint` replaces it, and API paths are appended to whichever applies.
   */
  defaultBaseUrl: string;
  fileLimits: FileRequestLimits;
  /** Config fields that hold credentials: stored user-only, masked on output, never logged. */
  secretFields: readonly string[];
  /** How the vendor takes the user's custom vocabulary; null when its API takes none. */
  vocabulary: VocabularySupport | null;
}

/** How many terms a vendor takes in one request; what is beyond is cut, not refused. */
export interface VocabularyLimits {
  maxTerms?: number;
  /** Longer terms are left out. */
  maxTermCharacters?: number;
  /** All the terms together. */
  maxCharacters?: number;
}

export interface VocabularySupport {
  /** The vendor's own name for it, as people look it up in the vendor's documentation. */
  parameter: string;
  file: VocabularyLimits;
  /** Where real-time transcription takes fewer terms than files do. */
  live?: VocabularyLimits;
}

/**
 * One word as the vendor timed it. `text` is the word as spelled, punctuation attached; times are
 * milliseconds of the same audio as its segment's. `speaker` only where the vendor diarizes per
 * word; `confidence` (0–1) only where the vendor gives one.
 */
export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: string | null;
  confidence?: number | null;
}

/** A piece of recognised text with its place in the audio. */
export interface TranscribedSegment {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: string | null;
  language?: string | null;
  /** The segment's words with their times, when the provider gives word timestamps. */
  words?: TimedWord[];
}

export interface FileTranscriptionResult {
  segments: TranscribedSegment[];
  /** Language the vendor detected, when it says. */
  language?: string;
}

export type FileTranscriptionProgress =
  { phase: 'uploading'; sentBytes: number; totalBytes: number } | { phase: 'processing'; fraction?: number };

export interface FileTranscriptionRequest<Config> {
  /** A 16 kHz mono PCM16 WAV prepared by the job (one chunk of the input when limits apply). */
  wavPath: string;
  wavBytes: number;
  durationMs: number;
  /** ISO 639-1 codes, most likely first; empty means detect. */
  languageHints: readonly string[];
  config: Config;
  /** Where to send requests: the config's `endpoint`/`baseUrl`, or the managed runtime's address. */
  baseUrl: string;
  /** Aborted when the user cancels; the provider stops and removes what it created remotely. */
  signal: AbortSignal;
  onProgress(progress: FileTranscriptionProgress): void;
  /** Text that preceded this audio, for providers that take a prompt; the others ignore it. */
  prompt?: string;
  /** The session's custom vocabulary; providers whose metadata says they take none ignore it. */
  vocabulary?: readonly string[];
  /**
   * The vendor's id of the job this same chunk submitted before the service stopped (a crash, a
   * kill): providers with asynchronous jobs poll it instead of uploading and paying again, and
   * submit afresh only when the vendor no longer knows it. The others ignore it.
   */
  submittedJobId?: string;
  /**
   * Called once the vendor has accepted a job, before waiting for it, with the id that
   * `submittedJobId` takes back after a restart. Only providers with asynchronous jobs call it.
   */
  onSubmitted?(jobId: string): void;
}

export interface ProviderDefinition<Config = unknown> {
  metadata: ProviderMetadata;
  /** Field names exactly as in the spec; unknown fields are rejected, defaults applied. */
  configSchema: z.ZodType<Config>;
  transcribeFile(request: FileTranscriptionRequest<Config>): Promise<FileTranscriptionResult>;
  /**
   * Real-time transcription (P01–P08). P01 is opened directly by the live session; P02–P08 are
   * opened inside the local proxy, which holds their credentials.
   */
  live?: LiveClient<Config>;
  /**
   * Whether a stored configuration works (the settings page's Test button): the schema first, then
   * one real round trip. Every provider shares one implementation, attached by defineProvider.ts.
   */
  testConfig(rawConfig: Record<string, unknown>, options: ProviderCheckOptions): Promise<ProviderCheck>;
}

/** What the settings page's Test button shows: whether the provider works, and what to fix if not. */
export interface ProviderCheck {
  ok: boolean;
  message: string;
}

export interface ProviderCheckOptions {
  /** Where batch requests go (for P14, a lease on the managed runtime), as file jobs resolve it. */
  resolveBaseUrl: ResolveBaseUrl;
  /** What keeps the provider's runtime from starting (P14's binary and model): the answer, as it is. */
  runtimeProblem?: string;
}

/** An address held while it is used, such as a lease on the managed runtime (P14). */
export interface ProviderAddressLease {
  baseUrl: string;
  /** Called once when the work that needed the address has ended. */
  release(): Promise<void>;
}

/**
 * Where a provider's requests go: its endpoint or baseUrl, or the managed runtime it needs started.
 * Called at most once per use (a file job, a batch window stream, a test), with the validated config.
 */
export type ResolveBaseUrl = (
  definition: ProviderDefinition<unknown>,
  config: unknown,
  signal: AbortSignal,
) => Promise<string | ProviderAddressLease>;

/** One piece of P01's token stream: sub-word text, joined with no separator. */
export interface LiveToken {
  text: string;
  startMs?: number;
  endMs?: number;
  speaker?: string | null;
  language?: string | null;
}

/**
 * Why a live stream failed, in the proxy's and the session's terms. `permanent` errors (a refused
 * key, no credit, a request the vendor will never accept) end the session; the others are worth a
 * reconnect. `unreachable` says nothing answered at the provider's address at all (connection
 * refused, no such host): worth a reconnect mid-session, but not at the start or after a stop.
 */
export type LiveErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'timeout'
  | 'rate_limited'
  | 'upstream_error'
  | 'connection_lost'
  | 'unreachable'
  | 'not_configured';

/**
 * What a streaming provider reports, normalised across vendors. Times are milliseconds of audio
 * from the start of this connection's audio; the live session offsets them after a reconnect.
 *
 * - `ready`: the vendor accepted the session; audio may be sent from now on.
 * - `partial`: the tentative text of the utterance being heard; it replaces the previous partial.
 * - `final`: a committed utterance that will not change; it clears the partial.
 * - `tokens` (P01): final tokens are appended for good; tentative ones replace the previous
 *   tentative set. Translation tokens never appear here.
 * - `translation` (P01): the translated line, kept apart from the original; `finalText` is new
 *   committed translated text to append, `tentativeText` replaces the previous tentative tail.
 * - `error`: the stream failed (it is closed or closing); see LiveErrorCode.
 * - `finished`: the vendor's terminal event after end of stream; nothing follows.
 */
export type LiveEvent =
  | { type: 'ready' }
  | { type: 'partial'; text: string; startMs?: number; endMs?: number; language?: string | null }
  | {
      type: 'final';
      text: string;
      startMs?: number;
      endMs?: number;
      speaker?: string | null;
      language?: string | null;
      /** The utterance's words, when the vendor times them; times as `startMs`. */
      words?: TimedWord[];
    }
  | { type: 'tokens'; final: LiveToken[]; tentative: LiveToken[] }
  | { type: 'translation'; finalText: string; tentativeText: string; language?: string | null }
  | { type: 'error'; code: LiveErrorCode; permanent: boolean; message: string }
  /**
   * How a windowed stream (P09–P14) keeps up, after each pass: `speed`, seconds of audio the
   * provider transcribes per second (below 1 it is slower than real time; null before the first
   * pass), `untranscribedMs`, the captured audio not yet committed (after Stop: what is left), and
   * `passAudioMs`, the audio of the pass the provider is working on now (null between passes).
   */
  | { type: 'pace'; speed: number | null; untranscribedMs: number; passAudioMs: number | null }
  | { type: 'finished' };

export interface LiveStreamRequest<Config> {
  /** Validated config, credentials included; a stream never writes a secret into an event. */
  config: Config;
  /** ISO 639-1 codes for this session, most likely first; empty means detect. */
  languageHints: readonly string[];
  /**
   * The audio that will be sent: the provider's input mode, or PCM16 when a provider that takes
   * WebM/Opus (P01) is fed raw PCM (file playback, tests).
   */
  audioFormat: AudioInputMode;
  /** The session's custom vocabulary; providers whose metadata says they take none ignore it. */
  vocabulary?: readonly string[];
  /** Called for every event, in order; `error` or `finished` is the last one. */
  onEvent: (event: LiveEvent) => void;
}

/** One open connection to a vendor's real-time API. */
export interface LiveStream {
  /**
   * Audio in the provider's input mode, sent only after `ready`. Frames are passed on as they
   * come (the vendor's own framing, base64 or binary, is the stream's business).
   */
  sendAudio(frame: Uint8Array): void;
  /**
   * Ends the audio: sends the vendor's end-of-stream message and resolves once its terminal event
   * (then `finished`) has arrived, or after `timeoutMs` (then an `error` with code `timeout`).
   */
  finish(timeoutMs: number): Promise<void>;
  /** Drops the connection at once, without the vendor handshake; no event follows. */
  close(): void;
  /** Bytes accepted but not yet written to the network, for backpressure. */
  bufferedBytes(): number;
}

/** The vendor side of real-time transcription (P01–P08). */
export interface LiveClient<Config> {
  /** Opens a connection to the vendor (its `endpoint` in the config, or its real address). */
  open(request: LiveStreamRequest<Config>): LiveStream;
  /**
   * Where `open` connects and the setting that says so, for a vendor whose live API has an address
   * of its own apart from `endpoint` (P07); the settings page's Test names them.
   */
  address?(config: Config): { url: string; field: string };
}
