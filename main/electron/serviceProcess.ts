import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { readRunningService, serviceFileName, type ServiceInfo } from '../serviceFile.ts';

/** The Earshot service the desktop shell shows: one the user already runs, or one the shell started. */
export interface ServiceConnection {
  info: ServiceInfo;
  launchSecret: string;
  /** Only for a service the shell started: settles when that process has exited, for any reason. */
  exited: Promise<ServiceExit> | undefined;
  /**
   * Stops a service the shell started (SIGTERM; SIGKILL if it has not exited after the stop
   * timeout) and settles once it has exited. A service the user started is left running.
   */
  stop: () => Promise<void>;
}

export interface ServiceExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines the process wrote to stderr, for the error dialog. */
  stderrTail: string;
}

export interface ServiceCommand {
  executable: string;
  arguments: string[];
}

export interface ServiceConnectionOptions {
  dataDirectory: string;
  command: ServiceCommand;
  /** How long a started service gets to announce itself and answer /api/v1/health. */
  readyTimeoutMs?: number;
  /** How long a started service gets to stop its recordings and exit before it is killed. */
  stopTimeoutMs?: number;
}

/** Why the shell has no service to show; the message says what to do. */
export class ServiceStartError extends Error {}

const cliEntry = join('main', 'cli', 'earshot.ts');
const defaultReadyTimeoutMs = 30_000;
const defaultStopTimeoutMs = 20_000;
const readyPollMs = 100;
const healthTimeoutMs = 2_000;
const stderrTailLines = 20;
/** After exit, how long stderr may take to deliver what is still in the pipe. */
const stderrDrainMs = 1_000;

/**
 * The Earshot folder holding `directory`: the shell runs from main/electron/dist when built and
 * from main/electron in tests, and needs the folder to start `earshot serve` from.
 */
export function findProjectRoot(directory: string): string {
  for (let candidate = directory; ; candidate = dirname(candidate)) {
    if (existsSync(join(candidate, cliEntry))) return candidate;
    if (dirname(candidate) === candidate) {
      throw new ServiceStartError(`No Earshot folder (one with ${cliEntry}) holds ${directory}.`);
    }
  }
}

/**
 * `earshot serve` on the project's own Node 22 (what bin/earshot runs), started directly rather than
 * through bin/earshot: Windows has no sh, and the pid signalled on quit is Node's own.
 * Electron's own Node (ELECTRON_RUN_AS_NODE) is not used: the service needs `node:sqlite` and type
 * stripping at the version it is tested on, and packaged apps commonly turn that fuse off.
 */
export function earshotServeCommand(
  projectRoot: string,
  dataDirectory: string,
  platform: NodeJS.Platform = process.platform,
): ServiceCommand {
  return {
    executable: join(projectRoot, 'node_modules', 'node', 'bin', platform === 'win32' ? 'node.exe' : 'node'),
    arguments: [
      '--disable-warning=ExperimentalWarning',
      join(projectRoot, cliEntry),
      'serve',
      '--data-dir',
      dataDirectory,
    ],
  };
}

/** Attaches to the service running for the data directory, or starts one and waits until it answers. */
export async function connectToService(options: ServiceConnectionOptions): Promise<ServiceConnection> {
  const running = readRunningService(options.dataDirectory);
  if (running === undefined) return startService(options);
  if (!(await answersHealth(running.info.baseUrl))) {
    throw new ServiceStartError(
      `An Earshot service is announced for ${options.dataDirectory} (pid ${running.info.pid}, ` +
        `${running.info.baseUrl}) but does not answer. Stop that process, or delete ` +
        `${join(options.dataDirectory, serviceFileName)} if it is not Earshot, then start Earshot again.`,
    );
  }
  return { ...running, exited: undefined, stop: () => Promise.resolve() };
}

async function startService(options: ServiceConnectionOptions): Promise<ServiceConnection> {
  const { dataDirectory, command } = options;
  if (!existsSync(command.executable)) {
    throw new ServiceStartError(
      `Earshot's Node was not found at ${command.executable}. Run npm install in the Earshot folder, then start again.`,
    );
  }
  const child = spawn(command.executable, command.arguments, {
    stdio: ['ignore', 'inherit', 'pipe'],
    windowsHide: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-8_000);
  });
  let exit: ServiceExit | undefined;
  const exited = whenExited(child, () => lastLines(stderr)).then((settled) => (exit = settled));
  const stop = () => stopChild(child, exited, options.stopTimeoutMs ?? defaultStopTimeoutMs);

  const readyTimeoutMs = options.readyTimeoutMs ?? defaultReadyTimeoutMs;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exit !== undefined) {
      throw new ServiceStartError(
        `The Earshot service stopped before it was ready (${describeExit(exit)}).${lastOutputParagraph(exit.stderrTail)}`,
      );
    }
    const announced = readRunningService(dataDirectory);
    if (
      announced !== undefined &&
      announced.info.pid === child.pid &&
      (await answersHealth(announced.info.baseUrl))
    ) {
      return { ...announced, exited, stop };
    }
    if (Date.now() >= deadline) {
      await stop();
      throw new ServiceStartError(
        `The Earshot service did not answer within ${readyTimeoutMs / 1000} s, so it was stopped.` +
          lastOutputParagraph(lastLines(stderr)),
      );
    }
    await Promise.race([delay(readyPollMs), exited]);
  }
}

function whenExited(child: ChildProcess, stderrTail: () => string): Promise<ServiceExit> {
  return new Promise((resolve) => {
    // A process that could not be started at all (EACCES, a vanished binary) only emits 'error'.
    child.on('error', (error) => {
      if (child.pid === undefined) resolve({ code: null, signal: null, stderrTail: error.message });
    });
    child.once('exit', (code, signal) => {
      const drained =
        child.stderr === null ? Promise.resolve() : finished(child.stderr).catch(() => undefined);
      void Promise.race([drained, delay(stderrDrainMs)]).then(() =>
        resolve({ code, signal, stderrTail: stderrTail() }),
      );
    });
  });
}

async function stopChild(
  child: ChildProcess,
  exited: Promise<unknown>,
  stopTimeoutMs: number,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  child.kill('SIGTERM');
  const patience = new AbortController();
  const outcome = await Promise.race([
    exited.then(() => 'exited' as const),
    delay(stopTimeoutMs, 'late' as const, { signal: patience.signal }),
  ]);
  patience.abort();
  if (outcome === 'late') {
    // Committed words are already in the store; the next start marks a recording left open as interrupted.
    child.kill('SIGKILL');
    await exited;
  }
}

async function answersHealth(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/v1/health`, {
      signal: AbortSignal.timeout(healthTimeoutMs),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

function lastLines(text: string): string {
  return text.trimEnd().split('\n').slice(-stderrTailLines).join('\n');
}

/** "exit code 1", "signal SIGKILL", or that it could not be started. */
export function describeExit(exit: ServiceExit): string {
  if (exit.signal !== null) return `signal ${exit.signal}`;
  return exit.code === null ? 'it could not be started' : `exit code ${exit.code}`;
}

/** The stderr tail as a paragraph to append to a message, or nothing when there was none. */
export function lastOutputParagraph(stderrTail: string): string {
  return stderrTail === '' ? '' : `\n\nIts last output:\n${stderrTail}`;
}
