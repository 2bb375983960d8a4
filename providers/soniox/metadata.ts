import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'soniox',
  label: 'P01',
  name: 'Soniox',
  vendor: 'Soniox',
  kind: 'cloud',
  transport: 'websocket-direct',
  audioInput: 'webm-opus',
  executionMode: 'streaming',
  capabilities: {
    streaming: true,
    translation: true,
    diarization: true,
    liveDiarization: true,
    tokenEvents: true,
    prefersTokenEvents: true,
    fileTranscription: true,
  },
  defaultBaseUrl: 'https://api.soniox.com/v1',
  fileLimits: {
    maxBytes: 1_073_741_824,
    // Soniox's pages disagree (60 or 300 minutes per file); the shorter one is safe under both.
    maxDurationMs: 60 * 60_000,
  },
  secretFields: ['apiKey'],
  // `context.terms`; the whole context is limited to about 8,000 tokens.
  vocabulary: { parameter: 'context.terms', file: { maxCharacters: 10_000 } },
};
