import { availableParallelism } from 'node:os';
import { type Actor, createActor, type InspectionEvent } from 'xstate';
import {
  crashLoopLimit,
  topLevelState,
  type WhisperRuntimeFailure,
  whisperRuntimeMachine,
  type WhisperRuntimeState,
} from '../../machines/whisperRuntime.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import { runtimeSetupProblem } from '../../providers/whisper-cpp/runtimeSetupProblem.ts';
import { freeLoopbackPort } from './freeLoopbackPort.ts';
import { waitUntilHealthy } from './healthProbe.ts';
import { loopbackHost, type ServerExit, ServerProcess } from './serverProcess.ts';

export type WhisperRuntimeDelay =
  'readinessTimeout' | 'firstRestartBackoff' | 'laterRestartBackoff' | 'killGrace' | 'crashWindow';

export interface WhisperRuntimeOptions {
  binaryPath: string;
  /** The binary is the one `earshot runtime build` makes in the data directory (so that is the remedy when it is missing). */
  binaryManaged?: boolean;
  /**
   * Why this binary must not run (Earshot did not build or import it, or it changed since), or
   * undefined when it may. The runtime cannot tell a whisper-server from any other program, so
   * whoever creates it says how the binary is vouched for. Asked once per start, before the spawn.
   */
  checkBinary: (binaryPath: string) => Promise<string | undefined>;
  modelPath: string;
  /** Used when free on 127.0.0.1, else any free port; default 8177. */
  port?: number;
  /** Default: the number of CPUs, at most 4 (whisper-server's own default). */
  threads?: number;
  /** Shorter waits for tests; the machine's values (20 s readiness…) otherwise. */
  delays?: Partial<Record<WhisperRuntimeDelay, number>>;
  /** Between `/health` probes while starting. */
  probeIntervalMs?: number;
  /** Observes the actor's machine (the visualizer); the actor works the same without it. */
  inspect?: (event: InspectionEvent) => void;
}

export interface WhisperRuntimeStatus {
  state: WhisperRuntimeState;
  /** Where to send requests; only while running. */
  baseUrl: string | null;
  /** The live whisper-server process, if any. */
  pid: number | null;
  port: number | null;
  crashCount: number;
  /** Why it failed, with the end of its output; only in `failed`. */
  failure: string | null;
  /** Holders of a lease. */
  users: number;
  /** The last lines whisper-server wrote. */
  output: string[];
}

/** Use of the running runtime; the runtime stops when the last lease is released. */
export interface WhisperRuntimeLease {
  baseUrl: string;
  release(): Promise<void>;
}

export const defaultRuntimePort = 8177;
const defaultProbeIntervalMs = 100;
const machineDelays = whisperRuntimeMachine.implementations.delays as Record<WhisperRuntimeDelay, number>;
const settledStates: readonly WhisperRuntimeState[] = ['unprepared', 'prepared', 'stopped', 'failed'];

/**
 * Runs the whisperRuntime machine with real effects: picks a free loopback port, spawns
 * whisper-server and owns it by PID, calls it ready only when `/health` answers from that live
 * child, kills it (SIGTERM, then SIGKILL) when it must go, and restarts it after a crash as the
 * machine says. Jobs call `acquire` (or `ensureRunning`); concurrent callers share one start.
 */
export class WhisperRuntime {
  private readonly options: WhisperRuntimeOptions;
  private readonly actor: Actor<typeof whisperRuntimeMachine>;
  private readonly listeners = new Set<(status: WhisperRuntimeStatus) => void>();
  private child: ServerProcess | undefined;
  private lastExit: ServerExit | undefined;
  private lastPort: number | undefined;
  private users = 0;
  private waitingUsers = 0;
  /** The binary check under way, shared by callers that start the runtime together. */
  private binaryCheck: Promise<string | undefined> | undefined;

  constructor(options: WhisperRuntimeOptions) {
    this.options = options;
    const machine = whisperRuntimeMachine.provide({
      actions: {
        spawnProcess: ({ context }) => this.spawn(context.crashCount > 0),
        watchReadiness: () => this.watchReadiness(),
        terminateProcess: () => this.child?.terminate(),
        killProcess: () => this.child?.kill(),
      },
      delays: options.delays ?? {},
    });
    this.actor = createActor(machine, { inspect: options.inspect });
    this.actor.subscribe(() => {
      const status = this.status();
      for (const listener of this.listeners) listener(status);
    });
    this.actor.start();
    if (this.setupProblem() === undefined) this.actor.send({ type: 'PREPARED' });
  }

  /** Starts the runtime unless it runs already, and resolves with its address once it is ready. */
  async ensureRunning(signal?: AbortSignal): Promise<{ baseUrl: string }> {
    for (;;) {
      if (signal?.aborted) throw cancelled();
      const state = this.state();
      if (state === 'running') return { baseUrl: this.baseUrl() };
      if (state === 'stopping') {
        await this.waitFor(['stopped', 'failed'], signal);
      } else if (state === 'starting' || state === 'restarting') {
        const outcome = await this.waitFor(['running', 'failed', 'stopped'], signal);
        if (outcome !== 'running') throw this.startFailure(outcome);
      } else {
        this.requireFiles();
        await this.requireTrustedBinary();
        if (signal?.aborted) throw cancelled();
        // A caller that started it meanwhile made this START one the machine ignores.
        this.actor.send({ type: 'START' });
      }
    }
  }

  /** `ensureRunning`, counted as a user until released; a start nobody waits for any more is stopped. */
  async acquire(signal?: AbortSignal): Promise<WhisperRuntimeLease> {
    this.waitingUsers++;
    let baseUrl: string;
    try {
      ({ baseUrl } = await this.ensureRunning(signal));
    } catch (error) {
      this.waitingUsers--;
      if (this.users === 0 && this.waitingUsers === 0) await this.stop();
      throw error;
    }
    this.waitingUsers--;
    this.users++;
    this.notify();
    let released = false;
    return {
      baseUrl,
      release: async () => {
        if (released) return;
        released = true;
        this.users--;
        this.notify();
        if (this.users === 0 && this.waitingUsers === 0) await this.stop();
      },
    };
  }

  /** Stops the process and resolves once it has exited (nothing is left running). */
  async stop(): Promise<void> {
    this.actor.send({ type: 'STOP' });
    await this.waitFor(settledStates);
  }

  status(): WhisperRuntimeStatus {
    const snapshot = this.actor.getSnapshot();
    const state = topLevelState(snapshot.value);
    const child = this.child;
    const port = child?.isAlive() ? (child.port ?? null) : null;
    return {
      state,
      baseUrl: state === 'running' && port !== null ? `http://${loopbackHost}:${port}` : null,
      pid: child?.isAlive() ? (child.pid ?? null) : null,
      port,
      crashCount: snapshot.context.crashCount,
      failure: state === 'failed' ? this.describeFailure(snapshot.context.failure) : null,
      users: this.users,
      output: child?.output.snapshot() ?? [],
    };
  }

  /** Calls `listener` with the status after every change; returns the unsubscribe function. */
  subscribe(listener: (status: WhisperRuntimeStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private spawn(isRestart: boolean): void {
    const configured = this.options.port ?? defaultRuntimePort;
    // After a crash the old port is free again; keeping it keeps the address callers hold valid.
    const preferred = isRestart && this.lastPort !== undefined ? [this.lastPort, configured] : [configured];
    const child = new ServerProcess({
      binaryPath: this.options.binaryPath,
      modelPath: this.options.modelPath,
      threads: this.options.threads ?? Math.min(4, availableParallelism()),
      choosePort: async () => {
        const port = await freeLoopbackPort(preferred);
        this.lastPort = port;
        return port;
      },
    });
    this.child = child;
    void child.exited.then((exit) => {
      if (this.child !== child) return;
      this.lastExit = exit;
      this.actor.send({ type: 'EXITED' });
    });
  }

  private watchReadiness(): void {
    const child = this.child;
    if (child === undefined) return;
    void child.started
      .then(async (port) => {
        if (port === undefined) return;
        await waitUntilHealthy(`http://${loopbackHost}:${port}`, {
          isOurs: () => this.child === child && child.isAlive(),
          signal: child.endingSignal,
          intervalMs: this.options.probeIntervalMs ?? defaultProbeIntervalMs,
        });
        this.actor.send({ type: 'READY' });
      })
      // Probing ends when the child goes; the machine hears that through EXITED or its timeout.
      .catch(() => {});
  }

  private state(): WhisperRuntimeState {
    return topLevelState(this.actor.getSnapshot().value);
  }

  private baseUrl(): string {
    const { baseUrl } = this.status();
    if (baseUrl === null) throw new Error('whisper.cpp is running without a port');
    return baseUrl;
  }

  private notify(): void {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }

  private waitFor(
    wanted: readonly WhisperRuntimeState[],
    signal?: AbortSignal,
  ): Promise<WhisperRuntimeState> {
    return new Promise((resolve, reject) => {
      const finish = () => {
        subscription.unsubscribe();
        signal?.removeEventListener('abort', onAbort);
      };
      const check = () => {
        const state = this.state();
        if (!wanted.includes(state)) return;
        finish();
        resolve(state);
      };
      const onAbort = () => {
        finish();
        reject(cancelled());
      };
      const subscription = this.actor.subscribe(check);
      signal?.addEventListener('abort', onAbort, { once: true });
      check();
    });
  }

  private setupProblem(): string | undefined {
    return runtimeSetupProblem({
      binaryPath: this.options.binaryPath,
      binaryManaged: this.options.binaryManaged ?? false,
      modelPath: this.options.modelPath,
    });
  }

  private requireFiles(): void {
    const problem = this.setupProblem();
    if (problem !== undefined) {
      this.actor.send({ type: 'UNPREPARED' });
      throw new ProviderError('configuration', problem);
    }
    if (this.state() === 'unprepared') this.actor.send({ type: 'PREPARED' });
  }

  private async requireTrustedBinary(): Promise<void> {
    this.binaryCheck ??= this.options.checkBinary(this.options.binaryPath).finally(() => {
      this.binaryCheck = undefined;
    });
    const reason = await this.binaryCheck;
    if (reason !== undefined) {
      this.actor.send({ type: 'UNPREPARED' });
      throw new ProviderError('configuration', reason);
    }
  }

  private startFailure(outcome: WhisperRuntimeState): ProviderError {
    if (outcome === 'failed') {
      return new ProviderError('permanent', this.describeFailure(this.actor.getSnapshot().context.failure));
    }
    return new ProviderError('permanent', 'whisper.cpp was stopped before it was ready.');
  }

  private describeFailure(failure: WhisperRuntimeFailure | null): string {
    const delays = { ...machineDelays, ...this.options.delays };
    const exit = describeExit(this.lastExit);
    const headline =
      failure === 'readiness-timeout'
        ? `whisper-server did not answer GET /health within ${seconds(delays.readinessTimeout)}, so it was stopped.`
        : failure === 'crash-loop'
          ? `whisper-server crashed ${crashLoopLimit} times within ${seconds(delays.crashWindow)} (last: ${exit}); it is not restarted again.`
          : `whisper-server exited before it was ready (${exit}).`;
    const output = this.child?.output.snapshot() ?? [];
    return output.length === 0
      ? `${headline} It wrote nothing.`
      : `${headline} Its last output:\n${output.map((line) => `  ${line}`).join('\n')}`;
  }
}

function describeExit(exit: ServerExit | undefined): string {
  if (exit === undefined) return 'no exit seen';
  if (exit.error !== undefined) return exit.error;
  return exit.signal === null ? `exit code ${exit.code}` : `killed by ${exit.signal}`;
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

function cancelled(): ProviderError {
  return new ProviderError('cancelled', 'Waiting for whisper.cpp to start was cancelled.');
}
