/**
 * How long recorded audio is kept (control/audioRetentionControl.ts), as the full OpenAPI document
 * states it; part of the private operations' table.
 */
import { audioRetentionAnswerSchema, audioRetentionRequestSchema } from '../control/audioRetentionControl.ts';
import type { PrivateOperation } from './privateOperations.ts';

const answer = {
  status: 200 as const,
  description: 'How long recorded audio is kept: "forever", "never" or a number of days',
  schema: audioRetentionAnswerSchema,
};

export const audioRetentionRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/settings/audio-retention',
    operationId: 'getAudioRetention',
    summary: 'How long the recorded audio of sessions is kept',
    answer,
    errors: [],
  },
  {
    method: 'put',
    path: '/settings/audio-retention',
    operationId: 'setAudioRetention',
    summary:
      'Sets how long recorded audio is kept; audio already older than a number of days is deleted at once',
    body: {
      kind: 'json',
      schema: audioRetentionRequestSchema,
      description: 'keep: "forever", "never" (live sessions record no audio), or days from 1 to 36,500',
      example: { keep: 30 },
    },
    answer,
    errors: ['invalid_request'],
  },
];
