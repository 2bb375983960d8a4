/**
 * The control routes of corrected and translated transcripts (control/transcriptRevisionControl.ts),
 * as the full OpenAPI document states them; part of the private operations' table.
 */
import {
  correctionRequestSchema,
  transcriptRevisionsSchema,
  translationRequestSchema,
} from '../control/transcriptRevisionControl.ts';
import type { PrivateOperation } from './privateOperations.ts';

const sessionId = { description: 'Session id', example: '3f0c2a9e-5b7d-4c1e-9a8f-2d6b4e8c1a70' };
const aiJobStatus = 'The AI job status (AiJobStatus in actors/aiJob/aiJob.ts), as GET /ai-jobs/{id} gives it';
const revisions =
  "The session's correction and translation, each segment's original beside its revised text, and the kept texts";

export const transcriptRevisionRoutes: PrivateOperation[] = [
  {
    method: 'post',
    path: '/sessions/{id}/corrections',
    operationId: 'correctTranscript',
    summary:
      "Proposes a corrected transcript (punctuation, casing, misheard words), segment by segment, as an AI job; the session's transcript is never changed",
    id: sessionId,
    body: {
      kind: 'json',
      schema: correctionRequestSchema,
      description: 'aiProvider: a name; {} for the default',
      example: {},
    },
    answer: { status: 202, description: `${aiJobStatus}; the correction shows pending, then proposed` },
    errors: ['invalid_request', 'session_not_found', 'session_recording', 'invalid_state', 'conflict'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/translations',
    operationId: 'translateTranscript',
    summary: 'Translates the transcript, segment by segment, as an AI job; saved as translatedTranscript',
    id: sessionId,
    body: {
      kind: 'json',
      schema: translationRequestSchema,
      description: 'to: the language (a code or a name); aiProvider: a name',
      example: { to: 'de' },
    },
    answer: { status: 202, description: `${aiJobStatus}; the translation shows pending, then kept` },
    errors: ['invalid_request', 'session_not_found', 'session_recording', 'invalid_state', 'conflict'],
  },
  {
    method: 'get',
    path: '/sessions/{id}/revisions',
    operationId: 'getTranscriptRevisions',
    summary: "A session's corrected and translated transcripts beside the original, segment by segment",
    id: sessionId,
    answer: { status: 200, description: revisions, schema: transcriptRevisionsSchema },
    errors: ['session_not_found'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/corrections/keep',
    operationId: 'keepCorrection',
    summary: 'Keeps the proposed correction: correctedTranscript becomes its segments joined',
    id: sessionId,
    answer: { status: 200, description: `${revisions}, after keeping`, schema: transcriptRevisionsSchema },
    errors: ['session_not_found', 'invalid_state'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/corrections/discard',
    operationId: 'discardCorrection',
    summary: 'Drops the proposed correction; correctedTranscript stays as it was',
    id: sessionId,
    answer: { status: 200, description: `${revisions}, after discarding`, schema: transcriptRevisionsSchema },
    errors: ['session_not_found', 'invalid_state'],
  },
];
