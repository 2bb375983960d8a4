import { defineProvider } from '../defineProvider.ts';
import { openAiCompatibleConfigSchema, type OpenAiCompatibleConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<OpenAiCompatibleConfig>({
  metadata,
  configSchema: openAiCompatibleConfigSchema,
  transcribeFile,
});
