/**
 * Session notes in the owner's notes folder (control/notesFolderControl.ts), as the full OpenAPI
 * document states them; part of the private operations' table.
 */
import {
  allNotesAnswerSchema,
  notesFolderAnswerSchema,
  notesFolderRequestSchema,
  writtenNoteSchema,
} from '../control/notesFolderControl.ts';
import type { PrivateOperation } from './privateOperations.ts';

const answer = {
  status: 200 as const,
  description:
    'The notes folder, whether notes are written on their own, the last note written and the last problem',
  schema: notesFolderAnswerSchema,
};

export const notesFolderRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/settings/notes-folder',
    operationId: 'getNotesFolder',
    summary: 'Where session notes are written, and how the last write went',
    answer,
    errors: [],
  },
  {
    method: 'put',
    path: '/settings/notes-folder',
    operationId: 'setNotesFolder',
    summary:
      'Chooses the notes folder (checked: there, a folder, writable) and turns writing notes on or off; a folder that will not do is refused and nothing changes',
    body: {
      kind: 'json',
      schema: notesFolderRequestSchema,
      description: 'folder: an absolute path, or null for none; enabled: write notes as sessions complete',
      example: { folder: '/home/you/Obsidian/Meetings', enabled: true },
    },
    answer,
    errors: ['invalid_request'],
  },
  {
    method: 'post',
    path: '/notes-folder/sessions/{id}',
    operationId: 'writeSessionNote',
    summary:
      "Writes a session's note now, whether writing notes is on or not; the user's lines below its marker are kept",
    id: { description: 'Session id', example: '3f0c2a9e-5b7d-4c1e-9a8f-2d6b4e8c1a70' },
    answer: { status: 200, description: 'The note written', schema: writtenNoteSchema },
    errors: ['invalid_state', 'session_not_found', 'session_recording', 'storage_failed'],
  },
  {
    method: 'post',
    path: '/notes-folder/sessions',
    operationId: 'writeAllSessionNotes',
    summary: "Writes every completed session's note now",
    answer: {
      status: 200,
      description: 'How many notes were made, changed or already up to date',
      schema: allNotesAnswerSchema,
    },
    errors: ['invalid_state'],
  },
];
