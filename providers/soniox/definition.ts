import { defineProvider } from '../defineProvider.ts';
import { sonioxConfigSchema, type SonioxConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<SonioxConfig>({
  metadata,
  configSchema: sonioxConfigSchema,
  transcribeFile,
  live: liveClient,
});
