import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'elevenlabs',
  label: 'P03',
  name: 'ElevenLabs Scribe',
  vendor: 'ElevenLabs',
  kind: 'cloud',
  transport: 'websocket-proxy',
  audioInput: 'pcm16',
  executionMode: 'streaming',
  capabilities: {
    streaming: true,
    translation: false,
    // Files only: `diarize` on the batch endpoint; the real-time API takes no such option.
    diarization: true,
    liveDiarization: false,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  defaultBaseUrl: 'https://api.elevenlabs.io',
  fileLimits: { maxBytes: 3_000_000_000, maxDurationMs: 10 * 60 * 60_000 },
  secretFields: ['apiKey'],
  // Scribe v2's `keyterms`: files up to 1,000 of under 50 characters, live up to 50 of 20 characters.
  vocabulary: {
    parameter: 'keyterms',
    file: { maxTerms: 1000, maxTermCharacters: 49 },
    live: { maxTerms: 50, maxTermCharacters: 20 },
  },
};
