import type { ProviderDefinition } from '../contract.ts';
import { funasrConfigSchema, type FunasrConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition: ProviderDefinition<FunasrConfig> = {
  metadata,
  configSchema: funasrConfigSchema,
  transcribeFile,
};
