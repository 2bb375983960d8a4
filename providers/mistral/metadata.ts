import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'mistral',
  label: 'P04',
  name: 'Mistral Voxtral',
  vendor: 'Mistral',
  kind: 'cloud',
  transport: 'websocket-proxy',
  audioInput: 'pcm16',
  executionMode: 'streaming',
  capabilities: {
    streaming: true,
    translation: false,
    // Files only: `diarize` on the batch endpoint.
    diarization: true,
    liveDiarization: false,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  defaultBaseUrl: 'https://api.mistral.ai',
  // The largest upload Mistral documents (its Files API); no duration limit is documented.
  fileLimits: { maxBytes: 512 * 1024 * 1024 },
  secretFields: ['apiKey'],
  vocabulary: null,
};
