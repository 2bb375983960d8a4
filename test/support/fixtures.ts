import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real whisper-server that scripts/build-whisper-server.sh builds and caches (CI builds it first). */
export const builtWhisperServer = join(
  process.env.EARSHOT_CACHE_DIR ?? join(homedir(), '.cache', 'earshot'),
  'whisper-server-1.9.1',
  'whisper-server',
);

/** Fails with what to do, never skips: integration tests must run the real binary. */
export function requireBuiltWhisperServer(): string {
  if (!existsSync(builtWhisperServer)) {
    throw new Error(
      `The real whisper-server is not built (expected ${builtWhisperServer}). Run "bash scripts/build-whisper-server.sh" first.`,
    );
  }
  return builtWhisperServer;
}

/** A file under test/fixtures/ (audio samples and stub models; their origins are in its README). */
export function fixture(relativePath: string): string {
  return fileURLToPath(new URL(`../fixtures/${relativePath}`, import.meta.url));
}

/** whisper.cpp's stub model: it loads and returns empty text. */
export const stubModel = fixture('models/for-tests-ggml-tiny.en.bin');
