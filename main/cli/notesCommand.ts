import { resolve } from 'node:path';
import { NotesFolder } from '../../actors/notesFolder/notesFolder.ts';
import {
  createNotesFolderControl,
  type AllNotesAnswer,
  type NotesFolderAnswer,
  type WrittenNoteAnswer,
} from '../../api/control/notesFolderControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ControlClient } from '../controlClient.ts';
import { UsageError } from './usage.ts';

const notesUsage = 'Use: earshot notes [show] | folder PATH | on | off | write SESSION_ID | write --all';

type Method = 'GET' | 'PUT' | 'POST';
type Call = <Answer>(method: Method, path: string, body?: unknown) => Promise<Answer>;

/**
 * `earshot notes [show] | folder PATH | on | off | write SESSION_ID|--all`: session notes in a folder
 * (an Obsidian vault), through the running service when there is one, else by the same routes
 * (api/control/notesFolderControl.ts) run in this process on the data directory.
 */
export async function notesCommand(
  dataDirectory: string,
  action: string | undefined,
  argument: string | undefined,
  options: { all?: boolean; json?: boolean },
): Promise<void> {
  const client = ControlClient.forDataDirectory(dataDirectory);
  const run = (call: Call) => notesAction(call, action, argument, options);
  if (client !== undefined) {
    return run(<Answer>(method: Method, path: string, body?: unknown) =>
      client.call<Answer>(method, path, body),
    );
  }
  const store = SessionStore.open(dataDirectory);
  const notes = new NotesFolder({ store, appAddress: () => null });
  try {
    const routes = createNotesFolderControl({ notes });
    await run(async <Answer>(method: Method, path: string, body?: unknown) => {
      const response = await routes.request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as Answer & { error?: string };
      if (!response.ok) throw new Error(answer.error ?? `Not done (${response.status}).`);
      return answer;
    });
  } finally {
    await notes.idle();
    store.close();
  }
}

async function notesAction(
  call: Call,
  action: string | undefined,
  argument: string | undefined,
  options: { all?: boolean; json?: boolean },
): Promise<void> {
  switch (action) {
    case undefined:
    case 'show':
      return printSettings(await call<NotesFolderAnswer>('GET', '/settings/notes-folder'), options.json);
    case 'folder': {
      if (argument === undefined) throw new UsageError('Use: earshot notes folder PATH');
      // The service opens no path of a caller's relative to its own folder: this shell's is meant.
      const folder = resolve(argument);
      const answer = await call<NotesFolderAnswer>('PUT', '/settings/notes-folder', {
        folder,
        enabled: true,
      });
      return printSettings(answer, options.json);
    }
    case 'on':
    case 'off': {
      const enabled = action === 'on';
      return printSettings(
        await call<NotesFolderAnswer>('PUT', '/settings/notes-folder', { enabled }),
        options.json,
      );
    }
    case 'write':
      if (options.all === true && argument === undefined) {
        return printAll(await call<AllNotesAnswer>('POST', '/notes-folder/sessions'), options.json);
      }
      if (argument === undefined || options.all === true)
        throw new UsageError('Use: earshot notes write SESSION_ID | --all');
      return printWritten(
        await call<WrittenNoteAnswer>('POST', `/notes-folder/sessions/${encodeURIComponent(argument)}`),
        options.json,
      );
    default:
      throw new UsageError(notesUsage);
  }
}

function printSettings(answer: NotesFolderAnswer, json: boolean | undefined): void {
  if (json === true) return void console.log(JSON.stringify(answer, null, 2));
  if (answer.folder === null) {
    console.log('No notes folder is chosen. Choose one with: earshot notes folder PATH');
    return;
  }
  console.log(
    answer.enabled
      ? `Session notes go to ${answer.folder} as sessions complete, and again when their AI artefacts are ready.`
      : `Session notes are off; the folder is ${answer.folder}. Turn them on with: earshot notes on`,
  );
  if (answer.lastWritten !== null) {
    console.log(`Last written: ${answer.lastWritten.file} (${answer.lastWritten.at}).`);
  }
  if (answer.problem !== null) console.log(`Problem (${answer.problem.at}): ${answer.problem.message}`);
}

function printWritten(answer: WrittenNoteAnswer, json: boolean | undefined): void {
  if (json === true) return void console.log(JSON.stringify(answer, null, 2));
  console.log(answer.change === 'unchanged' ? `${answer.file} is up to date.` : `Wrote ${answer.file}.`);
}

function printAll(answer: AllNotesAnswer, json: boolean | undefined): void {
  if (json === true) console.log(JSON.stringify(answer, null, 2));
  else {
    console.log(
      `${answer.created} notes made, ${answer.updated} changed, ${answer.unchanged} already up to date.`,
    );
  }
  for (const problem of answer.problems) console.error(`earshot: ${problem}`);
  if (answer.problems.length > 0) process.exitCode = 1;
}
