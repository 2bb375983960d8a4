import { basename } from 'node:path';
import type { ResolveBaseUrl } from '../../providers/contract.ts';
import type { WhisperRuntime, WhisperRuntimeLease, WhisperRuntimeStatus } from './whisperRuntime.ts';
import type { WhisperCppConfig } from '../../providers/whisper-cpp/config.ts';
import type { ActorInspection } from '../inspection/actorInspection.ts';
import { runtimeForConfig } from '../runtimeSetup/runtimeForConfig.ts';

/**
 * The managed P14 runtime of this process: one whisper-server, shared by every job that uses the
 * same binary, model and port, started on first use and stopped when its last user lets go (the
 * runtime's own leases) or when the process shuts down. A changed configuration replaces it.
 * The settings page may hold it running on its own lease until it lets go.
 */
export class LocalRuntimes {
  private readonly dataDirectory: string;
  private readonly listeners = new Set<(status: WhisperRuntimeStatus) => void>();
  private current: { key: string; runtime: WhisperRuntime; unsubscribe: () => void } | undefined;
  private held: WhisperRuntimeLease | undefined;

  private readonly inspection: ActorInspection | undefined;

  /** `inspection`: where the runtime's machine is watched from (the visualizer); none in most tests. */
  constructor(dataDirectory: string, inspection?: ActorInspection) {
    this.dataDirectory = dataDirectory;
    this.inspection = inspection;
  }

  /** For `providerBaseUrls`: a lease on the runtime for this (validated) P14 configuration. */
  readonly startRuntime: ResolveBaseUrl = async (_definition, config, signal) =>
    (await this.runtimeFor(config as WhisperCppConfig)).acquire(signal);

  /**
   * Starts the runtime for `config` and keeps it running on a lease of its own until `letGo`,
   * whether or not jobs use it. Holding again (a changed configuration) trades the old lease in.
   */
  async hold(config: WhisperCppConfig, signal?: AbortSignal): Promise<WhisperRuntimeStatus> {
    const runtime = await this.runtimeFor(config);
    const lease = await runtime.acquire(signal);
    const previous = this.held;
    this.held = lease;
    await previous?.release();
    return runtime.status();
  }

  /** Gives up the held lease; the runtime stops unless a job or live session still uses it. */
  async letGo(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    await held?.release();
  }

  isHeld(): boolean {
    return this.held !== undefined;
  }

  /** The current runtime's status; undefined until one was first needed. */
  status(): WhisperRuntimeStatus | undefined {
    return this.current?.runtime.status();
  }

  /** Follows the status of whichever runtime is current, across replacements; returns the unsubscribe. */
  subscribe(listener: (status: WhisperRuntimeStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits until no whisper-server of ours is left running. */
  async stop(): Promise<void> {
    this.held = undefined;
    await this.current?.runtime.stop();
  }

  private async runtimeFor(config: WhisperCppConfig): Promise<WhisperRuntime> {
    const key = JSON.stringify([config.binaryPath ?? null, config.modelPath, config.port]);
    if (this.current?.key !== key) {
      const replaced = this.current;
      const runtime = runtimeForConfig(this.dataDirectory, config, {
        inspect: this.inspection?.observe({
          machine: 'whisperRuntime',
          id: 'whisper-cpp',
          label: `whisper-server · ${basename(config.modelPath)}`,
        }),
      });
      const unsubscribe = runtime.subscribe((status) => {
        for (const listener of this.listeners) listener(status);
      });
      this.current = { key, runtime, unsubscribe };
      // A lease held on the replaced runtime holds nothing once it is stopped.
      if (replaced !== undefined) this.held = undefined;
      replaced?.unsubscribe();
      await replaced?.runtime.stop();
    }
    return this.current.runtime;
  }
}
