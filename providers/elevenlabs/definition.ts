import { defineProvider } from '../defineProvider.ts';
import { elevenLabsConfigSchema, type ElevenLabsConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<ElevenLabsConfig>({
  metadata,
  configSchema: elevenLabsConfigSchema,
  transcribeFile,
  live: liveClient,
});
