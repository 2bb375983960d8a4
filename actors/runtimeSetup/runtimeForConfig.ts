import { WhisperRuntime, type WhisperRuntimeOptions } from '../whisperRuntime/whisperRuntime.ts';
import type { WhisperCppConfig } from '../../providers/whisper-cpp/config.ts';
import { modelPathProblem, untrustedBinaryReason } from './binaryTrust.ts';
import { managedBinaryPath } from './runtimePaths.ts';

/**
 * The P14 runtime for a validated config: its binaryPath, else the binary managed in the data
 * directory. Either way it runs only a binary Earshot built or imported there, unchanged since, and
 * reads only a model in the data directory's models folder.
 */
export function runtimeForConfig(
  dataDirectory: string,
  config: WhisperCppConfig,
  options: Partial<WhisperRuntimeOptions> = {},
): WhisperRuntime {
  return new WhisperRuntime({
    binaryPath: config.binaryPath ?? managedBinaryPath(dataDirectory),
    binaryManaged: config.binaryPath === undefined,
    modelPath: config.modelPath,
    port: config.port,
    ...options,
    // After the options, so that no caller can turn the check off.
    // The model too: whisper-server reads whatever file modelPath names.
    checkBinary: async (binaryPath) =>
      modelPathProblem(dataDirectory, config.modelPath, { atStart: true }) ??
      (await untrustedBinaryReason(dataDirectory, binaryPath)),
  });
}
