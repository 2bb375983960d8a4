import type { ProviderDefinition } from '../contract.ts';
import { type SiliconFlowConfig, siliconFlowConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

export const definition: ProviderDefinition<SiliconFlowConfig> = {
  metadata,
  configSchema: siliconFlowConfigSchema,
  transcribeFile,
};
