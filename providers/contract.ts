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
  diarization: boolean;
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
}

/** A piece of recognised text with its place in the audio. */
export interface TranscribedSegment {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: string | null;
  language?: string | null;
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
}

export interface ProviderDefinition<Config = unknown> {
  metadata: ProviderMetadata;
  /** Field names exactly as in the spec; unknown fields are rejected, defaults applied. */
  configSchema: z.ZodType<Config>;
  transcribeFile(request: FileTranscriptionRequest<Config>): Promise<FileTranscriptionResult>;
}
