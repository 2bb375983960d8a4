import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runEarshotAsync } from '../../test/support/earshotProcess.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { startService, type RunningService } from '../service.ts';
import { browserCommand } from './browserLauncher.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let service: RunningService | undefined;

beforeEach(() => {
  directory = temporaryDirectory('open-command');
  dataDirectory = join(directory.path, 'data');
});

afterEach(async () => {
  await service?.close();
  service = undefined;
  directory.remove();
});

/**
 * A stand-in for the desktop's `xdg-open`, first on PATH: it writes the URL it was given to a file
 * and exits with `status`, as the real one does when it could (0) or could not (non-zero) start a browser.
 */
function fakeOpener(status: number): { path: string; opened: () => string | undefined } {
  const folder = join(directory.path, 'bin');
  const record = join(directory.path, 'opened-url');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${record}'\nexit ${status}\n`);
  chmodSync(join(folder, 'xdg-open'), 0o755);
  return {
    path: `${folder}:${process.env.PATH ?? ''}`,
    opened: () => (existsSync(record) ? readFileSync(record, 'utf8') : undefined),
  };
}

/** `earshot open …`, not blocking this process, which runs the service it talks to. */
function earshotOpen(args: string[], path = process.env.PATH) {
  return runEarshotAsync(['open', ...args, '--data-dir', dataDirectory], { ...process.env, PATH: path });
}

async function loginStatus(url: string): Promise<number> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  return response.status;
}

const loginUrlPattern = () => new RegExp(`^${service?.baseUrl}/login\\?token=[A-Za-z0-9_-]{43}$`);

describe('earshot open', () => {
  it('with --print, prints a fresh one-time login link of the running service', async () => {
    service = await startService({ dataDirectory, port: 0 });
    const opener = fakeOpener(0);
    const printed = await earshotOpen(['--print'], opener.path);
    expect(printed.status, printed.stderr).toBe(0);
    const url = printed.stdout.trim();
    expect(url).toMatch(loginUrlPattern());
    expect(printed.stderr).toMatch(/works once, within 10 minutes/);
    expect(opener.opened()).toBeUndefined();
    expect(await loginStatus(url)).toBe(200);
    expect(await loginStatus(url)).toBe(401);
  });

  it.skipIf(process.platform !== 'linux')('opens the link with xdg-open (Linux)', async () => {
    service = await startService({ dataDirectory, port: 0 });
    const opener = fakeOpener(0);
    const opened = await earshotOpen([], opener.path);
    expect(opened.status, opened.stderr).toBe(0);
    expect(opened.stdout).toBe('');
    expect(opened.stderr).toMatch(/Opened Earshot/);
    const url = opener.opened() ?? '';
    expect(url).toMatch(loginUrlPattern());
    expect(await loginStatus(url)).toBe(200);
  });

  it.skipIf(process.platform !== 'linux')('prints the link when no browser could be started', async () => {
    service = await startService({ dataDirectory, port: 0 });
    const failed = await earshotOpen([], fakeOpener(3).path);
    expect(failed.status, failed.stderr).toBe(0);
    expect(failed.stderr).toMatch(/Could not start a browser/);
    expect(failed.stdout.trim()).toMatch(loginUrlPattern());
  });

  it('says to start the service when none runs', async () => {
    const refused = await earshotOpen(['--print']);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/No Earshot service is running .*earshot serve/);
  });
});

describe('browserCommand', () => {
  it("uses each platform's opener", () => {
    const url = 'http://127.0.0.1:23456/login?token=abc';
    expect(browserCommand(url, 'linux')).toEqual({ executable: 'xdg-open', arguments: [url] });
    expect(browserCommand(url, 'darwin')).toEqual({ executable: 'open', arguments: [url] });
    expect(browserCommand(url, 'win32')).toEqual({
      executable: 'cmd',
      arguments: ['/c', 'start', '""', url],
    });
  });
});
