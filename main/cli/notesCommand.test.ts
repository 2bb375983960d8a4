import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotesFolder } from '../../actors/notesFolder/notesFolder.ts';
import { createNotesFolderControl } from '../../api/control/notesFolderControl.ts';
import { noteFileName } from '../../store/export/noteFileName.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { captureConsole } from '../../test/support/consoleCapture.ts';
import { serveControlRoutes } from '../../test/support/controlRoutesService.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { notesCommand } from './notesCommand.ts';
import { UsageError } from './usage.ts';

const output = captureConsole();
let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let vault: string;

beforeEach(() => {
  directory = temporaryDirectory('notes-command');
  dataDirectory = join(directory.path, 'data');
  vault = join(directory.path, 'vault');
  mkdirSync(dataDirectory);
  mkdirSync(vault);
  process.exitCode = undefined;
});
afterEach(() => {
  process.exitCode = undefined;
  directory.remove();
});

function completedSession(title: string) {
  const store = SessionStore.open(dataDirectory);
  try {
    return store.setSessionStatus(store.createSession({ title, providerId: 'deepgram' }).id, 'completed');
  } finally {
    store.close();
  }
}

describe('earshot notes, without a service', () => {
  it('chooses a folder given relative to the shell, turns notes off and on, and shows them', async () => {
    await notesCommand(dataDirectory, undefined, undefined, {});
    await notesCommand(dataDirectory, 'folder', relative(process.cwd(), vault), {});
    await notesCommand(dataDirectory, 'off', undefined, {});
    await notesCommand(dataDirectory, 'show', undefined, {});
    expect(output.text()).toBe(
      [
        'No notes folder is chosen. Choose one with: earshot notes folder PATH',
        `Session notes go to ${vault} as sessions complete, and again when their AI artefacts are ready.`,
        `Session notes are off; the folder is ${vault}. Turn them on with: earshot notes on`,
        `Session notes are off; the folder is ${vault}. Turn them on with: earshot notes on`,
      ].join('\n'),
    );
  });

  it('refuses a folder that is not there, saying what to do', async () => {
    await expect(notesCommand(dataDirectory, 'folder', join(vault, 'missing'), {})).rejects.toThrow(
      /is not there\. Create it/,
    );
    await notesCommand(dataDirectory, 'show', undefined, { json: true });
    expect(JSON.parse(output.text())).toMatchObject({ folder: null, enabled: false });
  });

  it("writes one session's note, then every completed session's", async () => {
    const first = completedSession('First');
    const second = completedSession('Second');
    await notesCommand(dataDirectory, 'folder', vault, {});
    await notesCommand(dataDirectory, 'write', first.id, {});
    await notesCommand(dataDirectory, 'write', undefined, { all: true });
    expect(output.text().split('\n').slice(1)).toEqual([
      `Wrote ${noteFileName(first)}.`,
      '1 notes made, 0 changed, 1 already up to date.',
    ]);
    expect(readdirSync(vault).sort()).toEqual([noteFileName(first), noteFileName(second)].sort());
    expect(process.exitCode).toBeUndefined();
  });

  it('says how it is used', async () => {
    await expect(notesCommand(dataDirectory, 'write', undefined, {})).rejects.toBeInstanceOf(UsageError);
    await expect(notesCommand(dataDirectory, 'folder', undefined, {})).rejects.toBeInstanceOf(UsageError);
    await expect(notesCommand(dataDirectory, 'sync', undefined, {})).rejects.toBeInstanceOf(UsageError);
  });
});

describe('earshot notes, through the running service', () => {
  it('asks the service, which writes the note, and prints each problem with exit 1', async () => {
    const session = completedSession('Planning');
    const store = SessionStore.open(dataDirectory);
    const notes = new NotesFolder({ store, appAddress: () => 'http://127.0.0.1:23456' });
    const stop = await serveControlRoutes(dataDirectory, createNotesFolderControl({ notes }));
    try {
      await notesCommand(dataDirectory, 'folder', vault, {});
      await notesCommand(dataDirectory, 'write', session.id, { json: true });
      expect(JSON.parse(output.text().split('\n').slice(1).join('\n'))).toMatchObject({
        sessionId: session.id,
        file: noteFileName(session),
        change: 'created',
      });
      expect(notes.settings()).toEqual({ folder: vault, enabled: true });

      rmSync(vault, { recursive: true });
      await notesCommand(dataDirectory, 'write', undefined, { all: true });
      expect(output.text()).toMatch(/\nearshot: The notes folder .* is not there\. Create it/);
      expect(process.exitCode).toBe(1);
    } finally {
      await stop();
      await notes.idle();
      store.close();
    }
  });
});
