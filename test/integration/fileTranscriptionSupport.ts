import { fixture } from '../support/fixtures.ts';
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { endpointField, languageHintsField, secretField } from '../../providers/configFields.ts';
import type {
  FileRequestLimits,
  FileTranscriptionRequest,
  FileTranscriptionResult,
  ProviderDefinition,
} from '../../providers/contract.ts';
import { defineProvider } from '../../providers/defineProvider.ts';
import { readWavInfo, type WavInfo } from '../fakes/wavAudio.ts';

const testConfigSchema = z
  .object({
    apiKey: secretField('apiKey', 'API key', 'The test vendor key.'),
    endpoint: endpointField,
    languageHints: languageHintsField(),
  })
  .strict();
export type TestConfig = z.output<typeof testConfigSchema>;

/** What the test provider saw of one request, read from the chunk file while it still existed. */
export interface SeenChunk {
  request: FileTranscriptionRequest<TestConfig>;
  /** Size of the file on disk. */
  fileBytes: number;
  wav: WavInfo | undefined;
  /** Bytes of the data chunk, as the header declares them. */
  declaredDataBytes: number;
  /** The PCM samples themselves. */
  data: Buffer;
}

export interface TestProvider extends ProviderDefinition<TestConfig> {
  seen: SeenChunk[];
}

export interface TestProviderOptions {
  fileLimits?: FileRequestLimits;
  /** Answers one chunk; by default one segment spanning it, named by its place. */
  answer?: (request: FileTranscriptionRequest<TestConfig>, index: number) => Promise<FileTranscriptionResult>;
}

/**
 * A provider for job tests: it checks nothing but records every chunk it is given (size on disk,
 * WAV header, samples) and reports upload and processing progress the way real clients do.
 */
export function testProvider(options: TestProviderOptions = {}): TestProvider {
  const seen: SeenChunk[] = [];
  return {
    seen,
    ...defineProvider<TestConfig>({
      metadata: {
        id: 'groq',
        label: 'P11',
        name: 'Test Vendor',
        vendor: 'Test',
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
        defaultBaseUrl: 'http://127.0.0.1:9/test-vendor',
        fileLimits: options.fileLimits ?? {},
        secretFields: ['apiKey'],
        vocabulary: null,
      },
      configSchema: testConfigSchema,
      async transcribeFile(request) {
        const bytes = readFileSync(request.wavPath);
        const index = seen.length;
        seen.push({
          request,
          fileBytes: statSync(request.wavPath).size,
          wav: readWavInfo(bytes),
          declaredDataBytes: bytes.readUInt32LE(40),
          data: bytes.subarray(44),
        });
        request.onProgress({ phase: 'uploading', sentBytes: bytes.length / 2, totalBytes: bytes.length });
        request.onProgress({ phase: 'uploading', sentBytes: bytes.length, totalBytes: bytes.length });
        request.onProgress({ phase: 'processing' });
        if (options.answer !== undefined) return options.answer(request, index);
        return { segments: [{ text: `chunk ${index}`, startMs: 0, endMs: request.durationMs }] };
      },
    }),
  };
}

/** Resolves once `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** The project's recorded test audio, in test/fixtures/audio/. */
export function fixtureAudio(name: string): string {
  return fixture(`audio/${name}`);
}
