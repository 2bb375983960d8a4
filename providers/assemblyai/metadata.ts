import type { ProviderMetadata } from '../contract.ts';

export const metadata: ProviderMetadata = {
  id: 'assemblyai',
  label: 'P07',
  name: 'AssemblyAI Universal',
  vendor: 'AssemblyAI',
  kind: 'cloud',
  transport: 'websocket-proxy',
  audioInput: 'pcm16',
  executionMode: 'streaming',
  capabilities: {
    streaming: true,
    translation: false,
    // `speaker_labels`, for files and live audio alike.
    diarization: true,
    liveDiarization: true,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  // The async REST API; /upload and /transcript are appended.
  defaultBaseUrl: 'https://api.assemblyai.com/v2',
  // Uploads take up to about 2.2 GB; the transcript API takes at most 10 hours per file.
  fileLimits: { maxBytes: 2_200_000_000, maxDurationMs: 10 * 60 * 60 * 1000 },
  secretFields: ['apiKey'],
  // Files: up to 1,000 terms of at most 6 words; streaming: up to 100 terms of at most 50 characters.
  vocabulary: {
    parameter: 'keyterms_prompt',
    file: { maxTerms: 1000 },
    live: { maxTerms: 100, maxTermCharacters: 50 },
  },
};
