import { defineProvider } from '../defineProvider.ts';
import { groqConfigSchema, type GroqConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<GroqConfig>({
  metadata,
  configSchema: groqConfigSchema,
  transcribeFile,
});
