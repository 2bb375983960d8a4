import { readProviderConfig, writeProviderConfig } from '../../store/providerSettings.ts';

const providerId = 'whisper-cpp';

/** The files P14's stored settings name, if they name them (not yet validated). */
export interface RuntimeFileSettings {
  binaryPath?: string;
  modelPath?: string;
}

export function readRuntimeFileSettings(dataDirectory: string): RuntimeFileSettings {
  const { binaryPath, modelPath } = readProviderConfig(dataDirectory, providerId);
  return {
    ...(typeof binaryPath === 'string' ? { binaryPath } : {}),
    ...(typeof modelPath === 'string' ? { modelPath } : {}),
  };
}

/** Makes `path` the model P14 uses, keeping its other settings. */
export function useModel(dataDirectory: string, path: string): void {
  writeProviderConfig(dataDirectory, providerId, {
    ...readProviderConfig(dataDirectory, providerId),
    modelPath: path,
  });
}
