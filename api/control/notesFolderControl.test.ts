import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotesFolder } from '../../actors/notesFolder/notesFolder.ts';
import { noteFileName } from '../../store/export/noteFileName.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createNotesFolderControl } from './notesFolderControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let notes: NotesFolder;
let app: Hono;
let vault: string;

beforeEach(() => {
  directory = temporaryDirectory('notes-control');
  store = SessionStore.open(join(directory.path, 'data'));
  vault = join(directory.path, 'vault');
  mkdirSync(vault);
  notes = new NotesFolder({ store, appAddress: () => null });
  app = new Hono().route('/control/v1', createNotesFolderControl({ notes }));
});
afterEach(async () => {
  await notes.idle();
  store.close();
  directory.remove();
});

async function call(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const unset = { folder: null, enabled: false, lastWritten: null, problem: null };

describe('the notes folder setting', () => {
  it('starts with no folder, and takes a folder that is there and writable, leaving nothing in it', async () => {
    expect(await call('GET', '/settings/notes-folder')).toEqual({ status: 200, body: unset });
    const set = await call('PUT', '/settings/notes-folder', { folder: vault, enabled: true });
    expect(set).toEqual({ status: 200, body: { ...unset, folder: vault, enabled: true } });
    expect(readdirSync(vault)).toEqual([]);
    expect(await call('PUT', '/settings/notes-folder', { enabled: false })).toMatchObject({
      body: { folder: vault, enabled: false },
    });
  });

  it('refuses a folder that will not do, saying what to do and changing nothing', async () => {
    const notAFolder = join(directory.path, 'file.md');
    writeFileSync(notAFolder, '');
    const refusals: Array<[unknown, RegExp]> = [
      [{ folder: 'Notes', enabled: true }, /^Give the folder's full path, such as \/home\/you\/Notes/],
      [{ folder: join(directory.path, 'gone') }, /is not there\. Create it/],
      [{ folder: notAFolder }, /is not a folder\. Choose a folder/],
      [{ enabled: true }, /^Choose a folder before turning notes on\.$/],
      [{ folder: '' }, /Give a folder, or null/],
      [{ folder: vault, colour: 'red' }, /./],
    ];
    for (const [body, message] of refusals) {
      const refused = await call('PUT', '/settings/notes-folder', body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_request');
      expect(Object.values(refused.body.fields as Record<string, string>)[0]).toMatch(message);
    }
    expect((await call('GET', '/settings/notes-folder')).body).toEqual(unset);
  });
});

describe('writing notes now', () => {
  it("writes one session's note, and says why it cannot", async () => {
    const session = store.setSessionStatus(
      store.createSession({ title: 'Planning', providerId: 'deepgram' }).id,
      'completed',
    );
    expect(await call('POST', `/notes-folder/sessions/${session.id}`)).toMatchObject({
      status: 409,
      body: { code: 'invalid_state', error: expect.stringMatching(/^No notes folder is chosen/) as unknown },
    });
    await call('PUT', '/settings/notes-folder', { folder: vault });
    expect(await call('POST', `/notes-folder/sessions/${session.id}`)).toMatchObject({
      status: 200,
      body: { sessionId: session.id, file: noteFileName(session), change: 'created' },
    });
    expect((await call('GET', '/settings/notes-folder')).body.lastWritten).toMatchObject({
      file: noteFileName(session),
    });
    expect((await call('POST', '/notes-folder/sessions/nope')).body.code).toBe('session_not_found');
    const recording = store.createSession({ title: 'Live', providerId: 'deepgram' });
    expect((await call('POST', `/notes-folder/sessions/${recording.id}`)).body.code).toBe(
      'session_recording',
    );
  });

  it("writes every completed session's note", async () => {
    for (const title of ['One', 'Two']) {
      store.setSessionStatus(store.createSession({ title, providerId: 'deepgram' }).id, 'completed');
    }
    expect((await call('POST', '/notes-folder/sessions')).body.code).toBe('invalid_state');
    await call('PUT', '/settings/notes-folder', { folder: vault });
    expect(await call('POST', '/notes-folder/sessions')).toEqual({
      status: 200,
      body: { created: 2, updated: 0, unchanged: 0, problems: [] },
    });
    expect(readdirSync(vault)).toHaveLength(2);
  });
});
