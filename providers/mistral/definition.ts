import { defineProvider } from '../defineProvider.ts';
import { mistralConfigSchema, type MistralConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<MistralConfig>({
  metadata,
  configSchema: mistralConfigSchema,
  transcribeFile,
  live: liveClient,
});
