import type { ProviderMetadata } from '../contract.ts';
import { promptVocabulary } from '../openai-compatible/transcriptionPrompt.ts';

export const metadata: ProviderMetadata = {
  id: 'cloudflare',
  label: 'P09',
  name: 'Workers AI Whisper',
  vendor: 'Cloudflare',
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
  // The Cloudflare API; /accounts/{account_id}/ai/run/{model} is appended.
  defaultBaseUrl: 'https://api.cloudflare.com/client/v4',
  fileLimits: {
    // Cloudflare documents no payload limit. Large JSON bodies are refused (413) in practice, and the
    // turbo model takes audio only as base64 inside JSON (a third larger), so each request carries
    // at most 15 MB of WAV (about 7.8 minutes), which keeps the body near 20 MB.
    maxBytes: 15_000_000,
  },
  secretFields: ['apiToken', 'accountId'],
  // Only the turbo model takes a prompt (`initial_prompt`); the base model is sent none.
  vocabulary: { ...promptVocabulary, parameter: 'initial_prompt (whisper-large-v3-turbo)' },
};
