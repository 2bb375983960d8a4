import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { earshotLauncher } from '../../support/earshotCommand.ts';
import { readProcessMemory, type ProcessMemory } from '../../support/processMemory.ts';

export interface ServiceProcess {
  pid: number;
  port: number;
  /** From spawning the launcher to the "Earshot listening on" line on its standard output. */
  startupMilliseconds: number;
  memory(): ProcessMemory;
  stop(): Promise<void>;
}

const listeningLine = /^Earshot listening on http:\/\/127\.0\.0\.1:(\d+)/;
const startupTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;

/** Every service still running, so an interrupted benchmark does not leave one behind. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `earshot serve` as its own process on a free loopback port: the load generator and this
 * script must not share the service's event loop, or they would slow it down and skew its figures.
 */
export function startServiceProcess(dataDirectory: string): Promise<ServiceProcess> {
  const started = performance.now();
  const child = spawn(earshotLauncher, ['serve', '--port', '0', '--data-dir', dataDirectory], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  let standardError = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (standardError += chunk));

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${reason}${standardError === '' ? '' : `\n${standardError.trim()}`}`));
    };
    const timer = setTimeout(
      () => fail(`The service did not start within ${startupTimeoutMs} ms.`),
      startupTimeoutMs,
    );
    child.once('exit', (code) => fail(`The service exited (code ${code}) before it was listening.`));
    child.once('error', (error) => fail(`The service could not be started: ${error.message}`));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const port = listeningLine.exec(line)?.[1];
      if (port === undefined || settled) return;
      const startupMilliseconds = performance.now() - started;
      settled = true;
      clearTimeout(timer);
      const pid = child.pid!;
      resolve({
        pid,
        port: Number(port),
        startupMilliseconds,
        memory: () => readProcessMemory(pid),
        stop: () => stopChild(child, exited),
      });
    });
  });
}

/** SIGTERM lets the service close the store cleanly; SIGKILL only if it hangs. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>(
    (resolve) => (timer = setTimeout(() => resolve(true), stopTimeoutMs)),
  );
  const hung = await Promise.race([exited.then(() => false), timedOut]);
  clearTimeout(timer);
  if (hung) {
    child.kill('SIGKILL');
    await exited;
  }
}
