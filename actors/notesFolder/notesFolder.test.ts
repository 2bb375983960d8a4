import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteFileName } from '../../store/export/noteFileName.ts';
import { noteMarker } from '../../store/export/sessionNote.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { ServiceEventFeed } from '../serviceEvents/serviceEventFeed.ts';
import type { NoteFileSystem } from './noteFile.ts';
import { NoteNotWrittenError, NotesFolder } from './notesFolder.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let vault: string;
let feed: ServiceEventFeed;
let notes: NotesFolder;
let stopFollowing: () => void;

function startNotes(files?: NoteFileSystem) {
  stopFollowing?.();
  notes = new NotesFolder({ store, appAddress: () => 'http://127.0.0.1:23456', files });
  stopFollowing = notes.follow(feed);
}

beforeEach(() => {
  directory = temporaryDirectory('notes-folder');
  store = SessionStore.open(join(directory.path, 'data'));
  vault = join(directory.path, 'vault');
  mkdirSync(vault);
  feed = new ServiceEventFeed();
  startNotes();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  stopFollowing();
  await notes.idle();
  vi.restoreAllMocks();
  store.close();
  directory.remove();
});

function completedSession(title = 'Planning') {
  const session = store.createSession({ title, providerId: 'deepgram' });
  store.appendSegment(session.id, {
    startMs: 0,
    endMs: 4_000,
    text: 'The budget is approved.',
    speaker: 'A',
  });
  return store.setSessionStatus(session.id, 'completed');
}

const files = () => readdirSync(vault);
const read = (name: string) => readFileSync(join(vault, name), 'utf8');

describe('following the service', () => {
  it('writes a note when a session completes, once a folder is chosen and writing is on', async () => {
    const session = completedSession();
    feed.publish({ type: 'session.stopped', sessionId: session.id, status: 'completed' });
    await notes.idle();
    expect(files()).toEqual([]);

    notes.changeSettings({ folder: vault, enabled: true });
    feed.publish({ type: 'session.stopped', sessionId: session.id, status: 'completed' });
    await notes.idle();
    expect(files()).toEqual([noteFileName(session)]);
    expect(read(noteFileName(session))).toContain('[00:00:00](http://127.0.0.1:23456/#/sessions/');
    expect(notes.state()).toMatchObject({
      lastWritten: { sessionId: session.id, file: noteFileName(session), change: 'created' },
      problem: null,
    });
  });

  it("writes it again with the summary when the digest lands, keeping the user's lines", async () => {
    notes.changeSettings({ folder: vault, enabled: true });
    const session = completedSession();
    feed.publish({ type: 'session.stopped', sessionId: session.id, status: 'completed' });
    await notes.idle();
    appendFileSync(join(vault, noteFileName(session)), '\nMy own thoughts.\n');

    store.updateSession(session.id, {
      postProcess: {
        summary: 'The budget passed.',
        actionItems: ['Send it to finance'],
        keywords: ['budget'],
        chapters: [],
        status: 'success',
      },
    });
    feed.publish({ type: 'ai.updated', sessionId: session.id, artefacts: ['summary'] });
    await notes.idle();
    const note = read(noteFileName(session));
    expect(note).toContain('## Summary\n\nThe budget passed.');
    expect(note).toContain('- [ ] Send it to finance');
    expect(note.endsWith(`${noteMarker}\n\nMy own thoughts.\n`)).toBe(true);
  });

  it("moves the note to the session's new name when it is renamed, with the user's lines", async () => {
    notes.changeSettings({ folder: vault, enabled: true });
    const session = completedSession('Planning');
    feed.publish({ type: 'session.stopped', sessionId: session.id, status: 'completed' });
    await notes.idle();
    appendFileSync(join(vault, noteFileName(session)), '\nMy own thoughts.\n');

    const renamed = store.updateSession(session.id, { title: 'Budget review' });
    feed.publish({
      type: 'session.updated',
      sessionId: session.id,
      title: 'Budget review',
      changed: ['title'],
    });
    await notes.idle();
    expect(files()).toEqual([noteFileName(renamed)]);
    expect(noteFileName(renamed)).toContain('Budget review');
    expect(read(noteFileName(renamed))).toContain('title: "Budget review"');
    expect(read(noteFileName(renamed)).endsWith(`${noteMarker}\n\nMy own thoughts.\n`)).toBe(true);
  });

  it('leaves sessions alone for events a note does not show, and for interrupted ones', async () => {
    notes.changeSettings({ folder: vault, enabled: true });
    const session = completedSession();
    feed.publish({ type: 'ai.updated', sessionId: session.id, artefacts: ['askHistory'] });
    const cut = store.setSessionStatus(
      store.createSession({ title: 'Cut', providerId: 'x' }).id,
      'interrupted',
    );
    feed.publish({ type: 'session.stopped', sessionId: cut.id, status: 'interrupted' });
    await notes.idle();
    expect(files()).toEqual([]);
  });

  it('keeps a missing folder as the problem to show, goes on, and forgets it once a write works', async () => {
    notes.changeSettings({ folder: join(directory.path, 'gone'), enabled: true });
    const session = completedSession();
    feed.publish({ type: 'session.stopped', sessionId: session.id, status: 'completed' });
    await notes.idle();
    expect(notes.state().problem).toMatchObject({
      message: expect.stringMatching(/^The notes folder .*gone is not there\. Create it/) as unknown,
      sessionId: null,
    });

    mkdirSync(join(directory.path, 'gone'));
    feed.publish({ type: 'ai.updated', sessionId: session.id, artefacts: ['summary'] });
    await notes.idle();
    expect(notes.state().problem).toBeNull();
    expect(readdirSync(join(directory.path, 'gone'))).toEqual([noteFileName(session)]);
  });

  it('says a full disk is full, and keeps the note there as it was', async () => {
    notes.changeSettings({ folder: vault, enabled: true });
    const session = completedSession();
    await notes.write(session.id);
    const before = read(noteFileName(session));
    startNotes({
      ...fs,
      writeFile: () =>
        Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })),
    });
    store.updateSession(session.id, { title: 'Renamed' });
    feed.publish({ type: 'ai.updated', sessionId: session.id, artefacts: ['summary'] });
    await notes.idle();
    expect(notes.state().problem?.message).toMatch(/^The disk of the notes folder .* is full\./);
    expect(files()).toEqual([noteFileName(session)]);
    expect(read(noteFileName(session))).toBe(before);
  });
});

describe('writing at once', () => {
  it('writes one session whether writing is on or not, but not one still recording', async () => {
    const session = completedSession();
    await expect(notes.write(session.id)).rejects.toMatchObject({ reason: 'no_folder' });
    notes.changeSettings({ folder: vault, enabled: false });
    await expect(notes.write(session.id)).resolves.toMatchObject({ change: 'created' });
    await expect(notes.write(session.id)).resolves.toMatchObject({ change: 'unchanged' });
    const recording = store.createSession({ title: 'Live', providerId: 'deepgram' });
    const refused = notes.write(recording.id);
    await expect(refused).rejects.toBeInstanceOf(NoteNotWrittenError);
    await expect(refused).rejects.toMatchObject({ reason: 'recording' });
    await expect(notes.write('nope')).rejects.toMatchObject({ reason: 'no_session' });
  });

  it('writes every completed session, and stops at the first problem of the folder', async () => {
    notes.changeSettings({ folder: vault, enabled: false });
    const first = completedSession('First');
    const second = completedSession('Second');
    store.createSession({ title: 'Still recording', providerId: 'deepgram' });
    await notes.write(first.id);
    expect(await notes.writeAll()).toEqual({ created: 1, updated: 0, unchanged: 1, problems: [] });
    expect(files().sort()).toEqual([noteFileName(first), noteFileName(second)].sort());

    notes.changeSettings({ folder: join(directory.path, 'gone'), enabled: false });
    const answer = await notes.writeAll();
    expect(answer.problems).toHaveLength(1);
    expect(answer.problems[0]).toMatch(/is not there/);
  });
});
