import { defineProvider } from '../defineProvider.ts';
import { type AssemblyAiConfig, assemblyAiConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { liveClient } from './liveClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<AssemblyAiConfig>({
  metadata,
  configSchema: assemblyAiConfigSchema,
  transcribeFile,
  live: liveClient,
});
