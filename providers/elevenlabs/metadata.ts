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
    diarization: false,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  defaultBaseUrl: 'https://api.elevenlabs.io',
  fileLimits: { maxBytes: 3_000_000_000, maxDurationMs: 10 * 60 * 60_000 },
  secretFields: ['apiKey'],
  vocabulary: null,
};
