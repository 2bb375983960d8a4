import { z } from 'zod';
import { endpointField, languageHintsField, modelField, secretField } from '../configFields.ts';

/** Speech models answer on /audio/transcriptions. */
export const siliconFlowSpeechModels = ['FunAudioLLM/SenseVoiceSmall', 'TeleAI/TeleSpeechASR'] as const;
/** Qwen Omni models hear audio through chat completions. */
export const siliconFlowOmniModels = [
  'Qwen/Qwen3-Omni-30B-A3B-Instruct',
  'Qwen/Qwen3-Omni-30B-A3B-Thinking',
] as const;

export const siliconFlowConfigSchema = z
  .object({
    apiKey: secretField(
      'apiKey',
      'API key',
      'Your SiliconFlow API key, from the SiliconFlow console (cloud.siliconflow.cn).',
    ),
    model: modelField([...siliconFlowSpeechModels, ...siliconFlowOmniModels], 'FunAudioLLM/SenseVoiceSmall'),
    languageHints: languageHintsField(),
    endpoint: endpointField,
  })
  .strict();

export type SiliconFlowConfig = z.output<typeof siliconFlowConfigSchema>;
