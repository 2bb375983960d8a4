import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type {
  FileTranscriptionProgress,
  FileTranscriptionRequest,
  FileTranscriptionResult,
} from '../../providers/contract.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { silentWav } from './wavAudio.ts';

/** The audio a provider test sends: a silent WAV on disk (the fakes hear the canned speech in it). */
export interface SpeechFile {
  readonly bytes: Buffer;
  readonly durationMs: number;
  /** Where the WAV is; known once the test file's tests have started. */
  readonly path: string;
  /** Its temporary folder, for other files a test writes. */
  readonly folder: string;
}

/**
 * A silent WAV of `durationMs`, written to a temporary folder before the calling test file's tests
 * and removed after them.
 */
export function useSpeechFile(name: string, durationMs: number): SpeechFile {
  const bytes = silentWav(durationMs);
  let directory: ReturnType<typeof temporaryDirectory> | undefined;
  beforeAll(() => {
    directory = temporaryDirectory(name);
    writeFileSync(join(directory.path, 'speech.wav'), bytes);
  });
  afterAll(() => directory?.remove());
  const folder = () => {
    if (directory === undefined) throw new Error('the speech file exists only while the tests run');
    return directory.path;
  };
  return {
    bytes,
    durationMs,
    get path() {
      return join(folder(), 'speech.wav');
    },
    get folder() {
      return folder();
    },
  };
}

type SpeechRequest<Config> = Pick<FileTranscriptionRequest<Config>, 'config' | 'baseUrl'> & {
  [Field in Exclude<keyof FileTranscriptionRequest<Config>, 'config' | 'baseUrl'>]?:
    FileTranscriptionRequest<Config>[Field] | undefined;
};

/**
 * Runs a provider's `transcribeFile` on `speech` and records its progress. Fields left out (or
 * undefined) are the speech file itself, no language hints, no cancel.
 */
export function transcribeSpeech<Config>(
  transcribeFile: (request: FileTranscriptionRequest<Config>) => Promise<FileTranscriptionResult>,
  speech: SpeechFile,
  { onProgress, ...fields }: SpeechRequest<Config>,
): { result: Promise<FileTranscriptionResult>; progress: FileTranscriptionProgress[] } {
  const progress: FileTranscriptionProgress[] = [];
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const result = transcribeFile({
    wavPath: speech.path,
    wavBytes: speech.bytes.length,
    durationMs: speech.durationMs,
    languageHints: [],
    signal: new AbortController().signal,
    ...given,
    config: fields.config,
    baseUrl: fields.baseUrl,
    onProgress: (event) => {
      progress.push(event);
      onProgress?.(event);
    },
  });
  return { result, progress };
}
