import type { ResolveBaseUrl } from '../actors/fileJob/fileJob.ts';
import type { WhisperRuntime } from '../actors/whisperRuntime/whisperRuntime.ts';
import type { WhisperCppConfig } from '../providers/whisper-cpp/config.ts';
import { runtimeForConfig } from './runtime/runtimeForConfig.ts';

/**
 * The managed P14 runtime of this process: one whisper-server, shared by every job that uses the
 * same binary, model and port, started on first use and stopped when its last user lets go (the
 * runtime's own leases) or when the process shuts down. A changed configuration replaces it.
 */
export class LocalRuntimes {
  private readonly dataDirectory: string;
  private current: { key: string; runtime: WhisperRuntime } | undefined;

  constructor(dataDirectory: string) {
    this.dataDirectory = dataDirectory;
  }

  /** For `providerBaseUrls`: a lease on the runtime for this (validated) P14 configuration. */
  readonly startRuntime: ResolveBaseUrl = async (_definition, config, signal) => {
    const whisper = config as WhisperCppConfig;
    const key = JSON.stringify([whisper.binaryPath ?? null, whisper.modelPath, whisper.port]);
    if (this.current?.key !== key) {
      const replaced = this.current;
      this.current = { key, runtime: runtimeForConfig(this.dataDirectory, whisper) };
      await replaced?.runtime.stop();
    }
    return this.current.runtime.acquire(signal);
  };

  /** Waits until no whisper-server of ours is left running. */
  async stop(): Promise<void> {
    await this.current?.runtime.stop();
  }
}
