import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'deepgram',
  label: 'P06',
  name: 'Deepgram Nova',
  vendor: 'Deepgram',
  kind: 'cloud',
  transport: 'websocket-proxy',
  audioInput: 'pcm16',
  executionMode: 'streaming',
  capabilities: {
    streaming: true,
    translation: false,
    // `diarize`, for files and live audio alike.
    diarization: true,
    liveDiarization: true,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  // The pre-recorded API lives at /v1/listen under this host (self-hosted Deepgram uses the same path).
  defaultBaseUrl: 'https://api.deepgram.com',
  // Deepgram documents no per-request size in the protocol reference (2 GB is unconfirmed).
  fileLimits: {},
  secretFields: ['apiKey'],
  // Nova-3 takes `keyterm` (repeated; up to 100 terms, 500 tokens); older models `keywords`.
  vocabulary: { parameter: 'keyterm', file: { maxTerms: 100 } },
};
