import type { ProviderMetadata } from '../contract.ts';
import { promptVocabulary } from '../openai-compatible/transcriptionPrompt.ts';

export const metadata: ProviderMetadata = {
  id: 'whisper-cpp',
  label: 'P14',
  name: 'whisper.cpp',
  vendor: 'ggml-org (whisper.cpp)',
  kind: 'local',
  transport: 'rest-local',
  audioInput: 'pcm16',
  executionMode: 'managed-runtime',
  capabilities: {
    streaming: false,
    translation: false,
    diarization: false,
    liveDiarization: false,
    tokenEvents: false,
    prefersTokenEvents: false,
    fileTranscription: true,
  },
  // Where the managed runtime listens by default (spec: default local runtime port 8177); a bare
  // whisper-server defaults to 8080, but Earshot always starts its own copy and passes the real
  // address in each request.
  defaultBaseUrl: 'http://127.0.0.1:8177',
  // whisper-server documents no size or length limit; the job's own chunk length applies.
  fileLimits: {},
  secretFields: [],
  vocabulary: promptVocabulary,
};
