import type { ProviderDefinition } from '../../providers/contract.ts';
import { runtimeSetupProblem } from '../../providers/whisper-cpp/runtimeSetupProblem.ts';
import { managedBinaryPath } from './runtimePaths.ts';
import { readRuntimeFileSettings } from './runtimeSettings.ts';

/**
 * Why P14, as stored in this data directory, cannot start: its binary (the one built here unless
 * binaryPath names another) or its model is missing. Undefined when both are there.
 */
export function storedRuntimeProblem(dataDirectory: string): string | undefined {
  const { binaryPath, modelPath } = readRuntimeFileSettings(dataDirectory);
  return runtimeSetupProblem({
    binaryPath: binaryPath ?? managedBinaryPath(dataDirectory),
    binaryManaged: binaryPath === undefined,
    modelPath,
  });
}

/** `storedRuntimeProblem` for a provider that runs on the managed runtime (P14); undefined for any other. */
export function managedRuntimeProblem(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
): string | undefined {
  return definition.metadata.executionMode === 'managed-runtime'
    ? storedRuntimeProblem(dataDirectory)
    : undefined;
}
