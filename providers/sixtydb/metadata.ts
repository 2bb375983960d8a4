import type { ProviderMetadata } from '../contract.ts';

/** 60db's REST STT takes files of at most 10 MB (read as decimal megabytes, the stricter reading). */
export const sixtyDbMaxRequestBytes = 10_000_000;

export const metadata: ProviderMetadata = {
  id: 'sixtydb',
  label: 'P08',
  name: '60db STT',
  vendor: '60db',
  kind: 'cloud',
  transport: 'websocket-proxy',
  audioInput: 'pcm16',
  executionMode: 'streaming',
  capabilities: {
    streaming: true,
    translation: false,
    // `diarize`, on files and live.
    diarization: true,
    liveDiarization: true,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  // REST STT is POST /stt on this host.
  defaultBaseUrl: 'https://api.60db.ai',
  // About one hour is also documented; 10 MB of 16 kHz PCM16 is about five minutes, so bytes bind first.
  fileLimits: { maxBytes: sixtyDbMaxRequestBytes, maxDurationMs: 60 * 60 * 1000 },
  secretFields: ['apiKey'],
  // Live: `context.terms` in the start message; files: `keywords` (term:weight pairs).
  vocabulary: { parameter: 'context.terms (live), keywords (files)', file: {} },
};
