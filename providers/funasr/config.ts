import { z } from 'zod';
import { baseUrlField, languageHintsField, modelField } from '../configFields.ts';
import { metadata } from './metadata.ts';

export const funasrModels = ['sensevoice', 'paraformer', 'fun-asr-nano'] as const;

/**
 * Models older settings may still name that the server now refuses, and what replaces them:
 * `paraformer-en` falls back to SenseVoice, which also recognises English.
 */
const retiredModels: Readonly<Record<string, (typeof funasrModels)[number]>> = {
  'paraformer-en': 'sensevoice',
};

export const funasrConfigSchema = z
  .object({
    baseUrl: baseUrlField(metadata.defaultBaseUrl),
    model: z.preprocess(
      (value) => (typeof value === 'string' ? (retiredModels[value.trim()] ?? value) : value),
      modelField(funasrModels, 'sensevoice'),
    ),
    languageHints: languageHintsField(),
  })
  .strict();

export type FunasrConfig = z.output<typeof funasrConfigSchema>;
