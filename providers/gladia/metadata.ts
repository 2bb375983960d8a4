import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'gladia',
  label: 'P05',
  name: 'Gladia Solaria',
  vendor: 'Gladia',
  kind: 'cloud',
  transport: 'websocket-proxy',
  audioInput: 'pcm16',
  executionMode: 'streaming',
  capabilities: {
    streaming: true,
    translation: false,
    // `diarization` on pre-recorded jobs; the live API has none.
    diarization: true,
    liveDiarization: false,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  defaultBaseUrl: 'https://api.gladia.io',
  fileLimits: { maxBytes: 1_000_000_000, maxDurationMs: 135 * 60_000 },
  secretFields: ['apiKey'],
  // `custom_vocabulary_config.vocabulary` (files) and `realtime_processing.custom_vocabulary_config` (live).
  vocabulary: { parameter: 'custom_vocabulary', file: {} },
};
