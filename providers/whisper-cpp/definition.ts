import { defineProvider } from '../defineProvider.ts';
import { type WhisperCppConfig, whisperCppConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<WhisperCppConfig>({
  metadata,
  configSchema: whisperCppConfigSchema,
  transcribeFile,
});
