import type { ProviderDefinition } from '../contract.ts';
import { type WhisperCppConfig, whisperCppConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition: ProviderDefinition<WhisperCppConfig> = {
  metadata,
  configSchema: whisperCppConfigSchema,
  transcribeFile,
};
