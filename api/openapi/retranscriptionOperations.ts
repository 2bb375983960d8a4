/**
 * The control routes of re-transcription (control/retranscriptionControl.ts), as the full OpenAPI
 * document states them; part of the private operations' table.
 */
import {
  retranscriptionRequestSchema,
  retranscriptionStartedSchema,
  transcriptVersionSchema,
  transcriptVersionsSchema,
} from '../control/retranscriptionControl.ts';
import type { PrivateOperation } from './privateOperations.ts';

const sessionId = { description: 'Session id', example: '3f0c2a9e-5b7d-4c1e-9a8f-2d6b4e8c1a70' };

export const retranscriptionRoutes: PrivateOperation[] = [
  {
    method: 'post',
    path: '/sessions/{id}/retranscriptions',
    operationId: 'retranscribeSession',
    summary:
      "Transcribes the session again from its recorded audio (all of it, or only its gaps) with a configured provider, as a file job, into a proposed version; the session's transcript changes only when it is kept",
    id: sessionId,
    body: {
      kind: 'json',
      schema: retranscriptionRequestSchema,
      description: 'provider: id or label; gapsOnly: only the gaps; keep: keep it when done',
      example: { provider: 'deepgram', gapsOnly: true },
    },
    answer: {
      status: 202,
      description: 'The job (follow it at /transcriptions/{id}) and its pending version',
      schema: retranscriptionStartedSchema,
    },
    errors: [
      'invalid_request',
      'invalid_config',
      'session_not_found',
      'session_recording',
      'audio_not_found',
      'invalid_state',
      'conflict',
    ],
  },
  {
    method: 'get',
    path: '/sessions/{id}/versions',
    operationId: 'getTranscriptVersions',
    summary: "The session's transcripts made again, and the ones they replaced, newest first",
    id: sessionId,
    answer: { status: 200, description: 'Its versions', schema: transcriptVersionsSchema },
    errors: ['session_not_found'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/retranscriptions/keep',
    operationId: 'keepRetranscription',
    summary:
      'Keeps the proposed version: it becomes the transcript (a gaps version goes in among the old segments), the word search follows, the old transcript stays as a superseded version, and corrections and translations made from the old segments go',
    id: sessionId,
    answer: { status: 200, description: 'The kept version', schema: transcriptVersionSchema },
    errors: ['session_not_found', 'invalid_state'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/retranscriptions/discard',
    operationId: 'discardRetranscription',
    summary: 'Drops the proposed version, or cancels the one being made; the transcript stays as it is',
    id: sessionId,
    answer: { status: 200, description: 'The version, discarded', schema: transcriptVersionSchema },
    errors: ['session_not_found', 'invalid_state'],
  },
];
