import { defineProvider } from '../defineProvider.ts';
import { type DeepgramConfig, deepgramConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<DeepgramConfig>({
  metadata,
  configSchema: deepgramConfigSchema,
  transcribeFile,
  live: liveClient,
});
