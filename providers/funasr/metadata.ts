import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'funasr',
  label: 'P13',
  name: 'FunASR / SenseVoice server',
  vendor: 'FunASR (ModelScope), self-hosted',
  kind: 'local',
  transport: 'rest-batch',
  audioInput: 'webm-opus',
  executionMode: 'windowed-debounce',
  capabilities: {
    streaming: false,
    translation: false,
    diarization: false,
    liveDiarization: false,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  defaultBaseUrl: 'http://127.0.0.1:8000',
  // The server reads whatever it is sent; it documents no per-request limit.
  fileLimits: {},
  secretFields: [],
  vocabulary: null,
};
