import { defineProvider } from '../defineProvider.ts';
import { type CloudflareConfig, cloudflareConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<CloudflareConfig>({
  metadata,
  configSchema: cloudflareConfigSchema,
  transcribeFile,
});
