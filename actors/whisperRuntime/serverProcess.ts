import type { ChildProcess } from 'node:child_process';
import { spawnChild } from '../childProcesses/spawnChild.ts';
import { OutputTail } from './outputTail.ts';

export const loopbackHost = '127.0.0.1';

export interface ServerLaunch {
  binaryPath: string;
  modelPath: string;
  threads: number;
  /** Chosen right before the spawn, so the port is as fresh as it can be. */
  choosePort(): Promise<number>;
}

/** How the process ended; `error` says why it never ran at all. */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: string;
}

/** After `exit`, how long to wait for the pipes to close so the output tail is complete. */
const outputDrainMs = 500;

/**
 * One whisper-server child, owned by PID: spawned with exactly the flags it knows (an unknown one
 * makes it print usage and exit 0), in its own process group so a signal reaches anything it
 * started, with the tail of its output kept.
 */
export class ServerProcess {
  readonly output = new OutputTail();
  /** The port once spawned; undefined when it never was. */
  readonly started: Promise<number | undefined>;
  /** Settles once: when the process has exited, or at once when it never started. */
  readonly exited: Promise<ServerExit>;
  private readonly ending = new AbortController();
  private child: ChildProcess | undefined;
  private chosenPort: number | undefined;
  private hasExited = false;

  constructor(launch: ServerLaunch) {
    let reportExit: (exit: ServerExit) => void = () => {};
    this.exited = new Promise((resolve) => (reportExit = resolve));
    this.exited.finally(() => this.ending.abort()).catch(() => {});
    this.started = this.launch(launch, (exit) => {
      this.hasExited = true;
      reportExit(exit);
    });
  }

  /** Aborted once the process has been told to stop or has exited: ends readiness probing. */
  get endingSignal(): AbortSignal {
    return this.ending.signal;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get port(): number | undefined {
    return this.chosenPort;
  }

  isAlive(): boolean {
    return this.child?.pid !== undefined && !this.hasExited;
  }

  /** SIGTERM (whisper-server shuts down gracefully); before the spawn, it cancels the spawn. */
  terminate(): void {
    this.ending.abort();
    this.signalGroup('SIGTERM');
  }

  kill(): void {
    this.ending.abort();
    this.signalGroup('SIGKILL');
  }

  private async launch(
    launch: ServerLaunch,
    reportExit: (exit: ServerExit) => void,
  ): Promise<number | undefined> {
    let port: number;
    try {
      port = await launch.choosePort();
    } catch (error) {
      reportExit({ code: null, signal: null, error: `no free port on ${loopbackHost}: ${String(error)}` });
      return undefined;
    }
    if (this.ending.signal.aborted) {
      reportExit({ code: null, signal: null, error: 'stopped before it was started' });
      return undefined;
    }
    this.chosenPort = port;
    const args = [
      '-m',
      launch.modelPath,
      '--host',
      loopbackHost,
      '--port',
      String(port),
      '-t',
      String(launch.threads),
    ];
    const child = spawnChild(launch.binaryPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      processGroup: true,
    });
    this.child = child;
    this.output.follow(child.stdout);
    this.output.follow(child.stderr);
    return new Promise((resolve) => {
      child.once('spawn', () => resolve(port));
      child.once('error', (error) => {
        // Only a failed spawn ends here (ENOENT, EACCES); a failed signal to a live child is moot.
        if (child.pid !== undefined) return;
        reportExit({ code: null, signal: null, error: error.message });
        resolve(undefined);
      });
      child.once('exit', (code, signal) => {
        const drained = new Promise((done) => child.once('close', done));
        const exit = { code, signal };
        void Promise.race([drained, new Promise((done) => setTimeout(done, outputDrainMs))]).then(() =>
          reportExit(exit),
        );
        this.hasExited = true;
      });
    });
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.hasExited) return;
    try {
      process.kill(-pid, signal);
    } catch {
      this.child?.kill(signal);
    }
  }
}
