import type { ProviderMetadata } from '../contract.ts';
import { promptVocabulary } from './transcriptionPrompt.ts';

export const metadata: ProviderMetadata = {
  id: 'openai-compatible',
  label: 'P12',
  name: 'Local OpenAI-compatible server',
  vendor: 'Any server with /v1/audio/transcriptions (Ollama, Speaches, LocalAI, vLLM…)',
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
  // Ollama's port, the local model host the settings page can also list and pull models from.
  defaultBaseUrl: 'http://127.0.0.1:11434',
  // Each server sets its own upload limit; none is part of the contract.
  fileLimits: {},
  secretFields: ['apiKey'],
  vocabulary: promptVocabulary,
};
