import { defineProvider } from '../defineProvider.ts';
import { type SiliconFlowConfig, siliconFlowConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition = defineProvider<SiliconFlowConfig>({
  metadata,
  configSchema: siliconFlowConfigSchema,
  transcribeFile,
});
