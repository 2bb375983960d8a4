import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'volcengine',
  label: 'P02',
  name: 'Doubao speech recognition (bigmodel)',
  vendor: 'Volcengine',
  kind: 'cloud',
  transport: 'websocket-proxy',
  audioInput: 'pcm16',
  executionMode: 'streaming',
  capabilities: {
    streaming: true,
    translation: false,
    // Files only: the flash recognizer's enable_speaker_info.
    diarization: true,
    liveDiarization: false,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  defaultBaseUrl: 'https://openspeech.bytedance.com',
  // The flash recognizer's documented limits: 100 MB of audio and 2 hours.
  fileLimits: { maxBytes: 100_000_000, maxDurationMs: 2 * 60 * 60_000 },
  secretFields: ['appKey', 'accessKey'],
  // Hot words sent with each request (hotWords.ts); Volcengine documents no count for them, and
  // a hundred is Deepgram's and Gladia's too.
  vocabulary: { parameter: 'corpus.context hotwords', file: { maxTerms: 100 } },
};
