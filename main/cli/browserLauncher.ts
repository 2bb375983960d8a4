import { spawn } from 'node:child_process';

export interface BrowserCommand {
  executable: string;
  arguments: string[];
}

/** How each platform opens a URL in the user's default browser. */
export function browserCommand(url: string, platform: NodeJS.Platform = process.platform): BrowserCommand {
  if (platform === 'darwin') return { executable: 'open', arguments: [url] };
  // `start` takes its first quoted argument as a window title, hence the empty one.
  if (platform === 'win32') return { executable: 'cmd', arguments: ['/c', 'start', '""', url] };
  return { executable: 'xdg-open', arguments: [url] };
}

/**
 * Opens `url` in the default browser; false when no opener could be started or it reported failure
 * (no desktop session, no browser configured), so the caller can print the URL instead. Some
 * openers run the browser in the foreground; one still running after `patienceMs` is taken as a
 * success and left to run on its own.
 */
export function openInBrowser(
  url: string,
  options: { platform?: NodeJS.Platform; patienceMs?: number } = {},
): Promise<boolean> {
  const platform = options.platform ?? process.platform;
  const command = browserCommand(url, platform);
  return new Promise((resolve) => {
    const child = spawn(command.executable, command.arguments, {
      stdio: 'ignore',
      detached: true,
      // cmd parses its own command line; Node's quoting of "" would reach `start` as a title of \"\".
      windowsVerbatimArguments: platform === 'win32',
    });
    const timer = setTimeout(() => {
      child.unref();
      resolve(true);
    }, options.patienceMs ?? 5_000);
    child.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}
