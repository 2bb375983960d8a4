import { Hono } from 'hono';
import { z } from 'zod';
import { notesFolderCheck } from '../../actors/notesFolder/notesFolderCheck.ts';
import { NoteNotWrittenError, type NotesFolder } from '../../actors/notesFolder/notesFolder.ts';
import type { ErrorCode } from '../errorCodes.ts';
import { errorResponse } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';

export const notesFolderRequestSchema = z.strictObject({
  folder: z.string().trim().min(1, 'Give a folder, or null to choose none.').nullable().optional().meta({
    description: 'Absolute path of the folder the notes go to (an Obsidian vault works); null for none',
  }),
  enabled: z
    .boolean()
    .optional()
    .meta({ description: 'Write a note when a session completes and again when its AI artefacts are ready' }),
});

/** The answer of `POST /notes-folder/sessions/:id`. */
export const writtenNoteSchema = z.object({
  sessionId: z.string(),
  file: z.string().meta({ description: "The note's file name in the folder" }),
  change: z.enum(['created', 'updated', 'unchanged']),
  at: z.string().meta({ description: 'When it was written, ISO 8601' }),
});

/** The answer of `GET`/`PUT /settings/notes-folder`. */
export const notesFolderAnswerSchema = z.object({
  folder: z.string().nullable(),
  enabled: z.boolean(),
  lastWritten: writtenNoteSchema
    .nullable()
    .meta({ description: 'The last note written since the service started' }),
  problem: z
    .object({
      message: z.string().meta({ description: 'What went wrong and what to do' }),
      sessionId: z
        .string()
        .nullable()
        .meta({ description: "The session whose note it was; null for the folder's" }),
      at: z.string(),
    })
    .nullable()
    .meta({ description: 'The last write that failed, until one works again' }),
});
export type NotesFolderAnswer = z.infer<typeof notesFolderAnswerSchema>;

export type WrittenNoteAnswer = z.infer<typeof writtenNoteSchema>;

/** The answer of `POST /notes-folder/sessions`. */
export const allNotesAnswerSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  problems: z.array(z.string()).meta({ description: 'One message per note not written' }),
});
export type AllNotesAnswer = z.infer<typeof allNotesAnswerSchema>;

const usage =
  'Send {"folder": "<absolute path>" | null, "enabled": true | false}; either may be left out to keep it.';

const refusals: Record<NoteNotWrittenError['reason'], ErrorCode> = {
  no_folder: 'invalid_state',
  no_session: 'session_not_found',
  recording: 'session_recording',
  write_failed: 'storage_failed',
};

/**
 * Session notes in a folder, on the control channel (actors/notesFolder/notesFolder.ts):
 * - `GET /settings/notes-folder` → `{folder, enabled, lastWritten, problem}`
 * - `PUT /settings/notes-folder` `{folder?, enabled?}` → the same; a folder is checked first (there,
 *   a folder, writable), and one that is not is refused with what to do, changing nothing
 * - `POST /notes-folder/sessions/:id` → the note written now (`{sessionId, file, change, at}`)
 * - `POST /notes-folder/sessions` → every completed session's note written now
 *   (`{created, updated, unchanged, problems}`)
 */
export function createNotesFolderControl(dependencies: { notes: NotesFolder }): Hono {
  const { notes } = dependencies;
  const app = new Hono();
  const answer = (): NotesFolderAnswer => ({ ...notes.settings(), ...notes.state() });

  app.get('/settings/notes-folder', (context) =>
    context.json(answer(), 200, { 'Cache-Control': 'no-store' }),
  );

  app.put('/settings/notes-folder', async (context) => {
    const parsed = await parseJsonBody(context, notesFolderRequestSchema, usage);
    if (!parsed.ok) return parsed.response;
    const current = notes.settings();
    const folder = parsed.data.folder === undefined ? current.folder : parsed.data.folder;
    const enabled = parsed.data.enabled ?? current.enabled;
    if (enabled && folder === null) {
      const problem = 'Choose a folder before turning notes on.';
      return errorResponse('invalid_request', problem, { fields: { folder: problem } });
    }
    if (folder !== null && folder !== current.folder) {
      const problem = await notesFolderCheck(folder);
      if (problem !== undefined)
        return errorResponse('invalid_request', problem, { fields: { folder: problem } });
    }
    notes.changeSettings({ folder, enabled });
    return context.json(answer(), 200, { 'Cache-Control': 'no-store' });
  });

  const written = async (write: () => Promise<unknown>) => {
    try {
      return Response.json(await write(), { headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      if (error instanceof NoteNotWrittenError) return errorResponse(refusals[error.reason], error.message);
      throw error;
    }
  };
  app.post('/notes-folder/sessions/:id', (context) => written(() => notes.write(context.req.param('id'))));
  app.post('/notes-folder/sessions', () => written(() => notes.writeAll()));

  return app;
}
