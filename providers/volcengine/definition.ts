import { defineProvider } from '../defineProvider.ts';
import { volcengineConfigSchema, type VolcengineConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<VolcengineConfig>({
  metadata,
  configSchema: volcengineConfigSchema,
  transcribeFile,
  live: liveClient,
});
