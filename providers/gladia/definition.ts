import { defineProvider } from '../defineProvider.ts';
import { gladiaConfigSchema, type GladiaConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<GladiaConfig>({
  metadata,
  configSchema: gladiaConfigSchema,
  transcribeFile,
  live: liveClient,
});
