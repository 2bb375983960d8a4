/**
 * The custom vocabulary routes (control/vocabularyControl.ts), as the full OpenAPI document states
 * them; part of the private operations' table.
 */
import {
  topicVocabularyAnswerSchema,
  vocabularyAnswerSchema,
  vocabularyRequestSchema,
} from '../control/vocabularyControl.ts';
import type { PrivateOperation } from './privateOperations.ts';

const topicId = { description: 'Topic id', example: '7a1d4e2b-9c3f-4b8a-8e6d-1f2a3b4c5d6e' };
const body = {
  kind: 'json' as const,
  schema: vocabularyRequestSchema,
  description: 'terms: up to 1,000 words or phrases of up to 100 characters each; [] clears the list',
  example: { terms: ['Earshot', 'Kelly Byrne-Donoghue'] },
};
const answer = {
  status: 200 as const,
  description: "Everyone's terms, each topic's, and what each provider is sent",
  schema: vocabularyAnswerSchema,
};
const topicAnswer = {
  status: 200 as const,
  description: "The topic's terms, what its sessions are transcribed with, and what each provider is sent",
  schema: topicVocabularyAnswerSchema,
};

export const vocabularyRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/vocabulary',
    operationId: 'getVocabulary',
    summary:
      'The custom vocabulary (everyone’s and per topic), with how each provider takes it or that it takes none',
    answer,
    errors: [],
  },
  {
    method: 'put',
    path: '/vocabulary',
    operationId: 'setVocabulary',
    summary: 'Replaces the terms every session is transcribed with; each topic keeps its own',
    body,
    answer,
    errors: ['invalid_request'],
  },
  {
    method: 'get',
    path: '/topics/{id}/vocabulary',
    operationId: 'getTopicVocabulary',
    summary: 'The terms a topic adds to its sessions’ vocabulary',
    id: topicId,
    answer: topicAnswer,
    errors: ['topic_not_found'],
  },
  {
    method: 'put',
    path: '/topics/{id}/vocabulary',
    operationId: 'setTopicVocabulary',
    summary: 'Replaces the terms a topic adds to its sessions’ vocabulary',
    id: topicId,
    body,
    answer: topicAnswer,
    errors: ['invalid_request', 'topic_not_found'],
  },
];
