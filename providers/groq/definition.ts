import type { ProviderDefinition } from '../contract.ts';
import { groqConfigSchema, type GroqConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition: ProviderDefinition<GroqConfig> = {
  metadata,
  configSchema: groqConfigSchema,
  transcribeFile,
};
