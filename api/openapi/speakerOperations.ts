/**
 * The control routes of a session's speaker names (control/speakerControl.ts), as the full OpenAPI
 * document states them; part of the private operations' table.
 */
import { sessionSpeakersSchema, speakerRenameSchema } from '../control/speakerControl.ts';
import type { PrivateOperation } from './privateOperations.ts';

const sessionId = { description: 'Session id', example: '3f0c2a9e-5b7d-4c1e-9a8f-2d6b4e8c1a70' };
const speakers = "The session's speakers in order of first appearance, each label with its name or null";

export const speakerRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/sessions/{id}/speakers',
    operationId: 'getSessionSpeakers',
    summary: "A session's speaker labels and the names given to them",
    id: sessionId,
    answer: { status: 200, description: speakers, schema: sessionSpeakersSchema },
    errors: ['session_not_found'],
  },
  {
    method: 'put',
    path: '/sessions/{id}/speakers',
    operationId: 'renameSessionSpeaker',
    summary:
      'Shows a speaker label under a name wherever the session is shown, exported or quoted to an AI; the segments keep their labels',
    id: sessionId,
    body: {
      kind: 'json',
      schema: speakerRenameSchema,
      description:
        'label: a label the segments carry; name: up to 100 characters, empty to show the label again',
      example: { label: 'Speaker 1', name: 'Alice' },
    },
    answer: { status: 200, description: `${speakers}, after the change`, schema: sessionSpeakersSchema },
    errors: ['invalid_request', 'unknown_speaker', 'session_not_found'],
  },
];
