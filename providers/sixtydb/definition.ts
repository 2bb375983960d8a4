import { defineProvider } from '../defineProvider.ts';
import { type SixtyDbConfig, sixtyDbConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<SixtyDbConfig>({
  metadata,
  configSchema: sixtyDbConfigSchema,
  transcribeFile,
  live: liveClient,
});
