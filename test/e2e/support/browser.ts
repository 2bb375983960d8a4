import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`.ci/run` installs it); EARSHOT_CHROMIUM points elsewhere. */
export const chromiumPath = process.env.EARSHOT_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a quiet, reproducible headless Chromium (see stack-notes §6). */
const quietFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches Chromium; with `microphoneWav`, its fake microphone plays that file once (granted
 * without a prompt). Fails with what to do, never skips: the browser tests must run.
 */
export async function launchBrowser(options: { microphoneWav?: string } = {}): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}. Install it (apt-get install chromium) or set EARSHOT_CHROMIUM.`,
    );
  }
  const microphone =
    options.microphoneWav === undefined
      ? []
      : [
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-audio-capture=${options.microphoneWav}%noloop`,
        ];
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...quietFlags, ...microphone],
  });
}
