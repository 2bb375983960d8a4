import { rmSync } from 'node:fs';
import { runEarshot } from '../support/earshotCommand.ts';

/**
 * A data directory of its own for one run, configured through the CLI as a user would
 * (`earshot runtime import-binary PATH`, `earshot providers set ID key=value…`), so no run inherits
 * another's sessions or runtime.
 */
export async function freshDataDirectory(
  path: string,
  provider: string,
  settings: Record<string, string>,
  options: { whisperServer?: string } = {},
): Promise<string> {
  rmSync(path, { recursive: true, force: true });
  if (options.whisperServer !== undefined) {
    // P14 runs only a whisper-server imported into the data directory.
    await runEarshot(['runtime', 'import-binary', options.whisperServer, '--data-dir', path]);
  }
  const assignments = Object.entries(settings).map(([key, value]) => `${key}=${value}`);
  // --yes: a cloud run's fake key goes to the benchmark's own fake vendor, on purpose.
  await runEarshot(['providers', 'set', provider, ...assignments, '--yes', '--data-dir', path]);
  return path;
}
