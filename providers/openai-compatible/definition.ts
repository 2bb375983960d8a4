import type { ProviderDefinition } from '../contract.ts';
import { openAiCompatibleConfigSchema, type OpenAiCompatibleConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition: ProviderDefinition<OpenAiCompatibleConfig> = {
  metadata,
  configSchema: openAiCompatibleConfigSchema,
  transcribeFile,
};
