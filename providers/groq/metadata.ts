import type { ProviderMetadata } from '../contract.ts';
import { promptVocabulary } from '../openai-compatible/transcriptionPrompt.ts';

export const metadata: ProviderMetadata = {
  id: 'groq',
  label: 'P11',
  name: 'Groq',
  vendor: 'Groq',
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
  defaultBaseUrl: 'https://api.groq.com/openai/v1',
  fileLimits: {
    // Groq documents 25 MB per file on the free tier (100 MB on the developer tier); the decimal
    // reading is the smaller, so a chunk cut to it fits whichever one Groq means.
    maxBytes: 25_000_000,
  },
  secretFields: ['apiKey'],
  vocabulary: promptVocabulary,
};
