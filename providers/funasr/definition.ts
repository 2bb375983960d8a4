import { defineProvider } from '../defineProvider.ts';
import { funasrConfigSchema, type FunasrConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<FunasrConfig>({
  metadata,
  configSchema: funasrConfigSchema,
  transcribeFile,
});
