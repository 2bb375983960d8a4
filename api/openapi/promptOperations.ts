/**
 * The prompt template routes (control/promptControl.ts), as the full OpenAPI document states them;
 * part of the private operations' table.
 */
import { z } from 'zod';
import {
  storedPromptSettingsSchema,
  topicPromptSettingsSchema,
} from '../../ai/artefacts/prompts/storedPromptSettings.ts';
import { promptSettingsRequestSchema } from '../control/promptControl.ts';
import type { PrivateOperation } from './privateOperations.ts';

const topicId = { description: 'Topic id', example: '7a1d4e2b-9c3f-4b8a-8e6d-1f2a3b4c5d6e' };

const instructions = z.record(z.string(), z.string());

export const promptsAnswerSchema = z.object({
  settings: storedPromptSettingsSchema,
  defaults: instructions.meta({ description: 'The instructions each artefact gets when nothing is chosen' }),
  templates: z
    .record(z.string(), instructions)
    .meta({ description: 'Each kind of recording (lecture, 1:1, …) and the instructions it replaces' }),
  artefacts: z.array(z.object({ name: z.string(), label: z.string() })),
});

const answer = {
  status: 200 as const,
  description: 'The prompt choices, the defaults and the templates',
  schema: promptsAnswerSchema,
};

export const promptRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/prompts',
    operationId: 'getPrompts',
    summary:
      "The user's prompt choices (general and per topic), with the default instructions and the templates",
    answer,
    errors: [],
  },
  {
    method: 'put',
    path: '/prompts',
    operationId: 'setPrompts',
    summary:
      'Replaces the general prompt choices: instructions per artefact and the output language; each topic keeps its own',
    body: {
      kind: 'json',
      schema: promptSettingsRequestSchema,
      description: 'overrides: instructions by artefact; outputLanguage: the language to write in',
      example: { overrides: { summary: 'Three bullet points.' }, outputLanguage: 'German' },
    },
    answer,
    errors: ['invalid_request'],
  },
  {
    method: 'put',
    path: '/topics/{id}/prompts',
    operationId: 'setTopicPrompts',
    summary: "Replaces a topic's prompt choices: the template its sessions use, and instructions of its own",
    id: topicId,
    body: {
      kind: 'json',
      schema: topicPromptSettingsSchema,
      description: 'template: lecture, 1:1, … or null; overrides: instructions by artefact',
      example: { template: 'lecture', overrides: { keywords: 'Every formula named.' } },
    },
    answer,
    errors: ['invalid_request', 'topic_not_found'],
  },
];
