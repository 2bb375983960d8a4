import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'siliconflow',
  label: 'P10',
  name: 'SiliconFlow',
  vendor: 'SiliconFlow',
  kind: 'cloud',
  transport: 'rest-batch',
  audioInput: 'pcm16',
  executionMode: 'windowed-interval',
  capabilities: {
    streaming: false,
    translation: false,
    diarization: false,
    liveDiarization: false,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  // The China site, as in the reference; /audio/transcriptions and /chat/completions are appended.
  defaultBaseUrl: 'https://api.siliconflow.cn/v1',
  // The transcription API takes files of at most 50 MB and one hour.
  fileLimits: { maxBytes: 50_000_000, maxDurationMs: 60 * 60 * 1000 },
  secretFields: ['apiKey'],
  vocabulary: null,
};
