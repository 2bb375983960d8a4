import type { ProviderDefinition } from '../contract.ts';
import { sonioxConfigSchema, type SonioxConfig } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition: ProviderDefinition<SonioxConfig> = {
  metadata,
  configSchema: sonioxConfigSchema,
  transcribeFile,
  live: liveClient,
};
