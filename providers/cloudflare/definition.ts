import type { ProviderDefinition } from '../contract.ts';
import { type CloudflareConfig, cloudflareConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition: ProviderDefinition<CloudflareConfig> = {
  metadata,
  configSchema: cloudflareConfigSchema,
  transcribeFile,
};
