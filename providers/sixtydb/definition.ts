import type { ProviderDefinition } from '../contract.ts';
import { type SixtyDbConfig, sixtyDbConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition: ProviderDefinition<SixtyDbConfig> = {
  metadata,
  configSchema: sixtyDbConfigSchema,
  transcribeFile,
  live: liveClient,
};
