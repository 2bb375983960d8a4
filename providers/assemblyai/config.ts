import { z } from 'zod';
import { endpointField, modelField, secretField } from '../configFields.ts';

/**
 * Universal Streaming's real-time models (the spec's `model` is the live model); file jobs use
 * AssemblyAI's default async model, because these names are not valid there.
 */
export const assemblyAiStreamingModels = [
  'u3-rt-pro',
  'universal-streaming-english',
  'universal-streaming-multilingual',
  'whisper-rt',
] as const;

export const assemblyAiConfigSchema = z
  .object({
    apiKey: secretField(
      'apiKey',
      'API key',
      'Your AssemblyAI API key, from the AssemblyAI dashboard (assemblyai.com).',
    ),
    model: modelField(assemblyAiStreamingModels, 'u3-rt-pro'),
    endpoint: endpointField,
  })
  .strict();

export type AssemblyAiConfig = z.output<typeof assemblyAiConfigSchema>;
