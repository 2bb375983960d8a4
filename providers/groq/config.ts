import { z } from 'zod';
import { endpointField, languageHintsField, modelField, secretField } from '../configFields.ts';

export const groqModels = ['whisper-large-v3-turbo', 'whisper-large-v3'] as const;

export const groqConfigSchema = z
  .object({
    apiKey: secretField('apiKey', 'API key', 'Your Groq API key, from the Groq console (console.groq.com).'),
    // The turbo model is cheaper and faster; large-v3 is the more accurate one.
    model: modelField(groqModels, 'whisper-large-v3-turbo'),
    languageHints: languageHintsField(),
    endpoint: endpointField,
  })
  .strict();

export type GroqConfig = z.output<typeof groqConfigSchema>;
