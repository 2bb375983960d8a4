import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { createFakeBackupStore } from './backup/fakeBackupStore.ts';
import { parseBackup } from './backup/parseBackup.ts';
import { writeBackup } from './backup/writeBackup.ts';
import { databaseFileName } from './database.ts';
import { SessionStore } from './sessionStore.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('speakers');
  store = SessionStore.open(directory.path);
});

afterEach(() => {
  store.close();
  directory.remove();
});

/** A finished session whose segments carry the labels "Speaker 1" and "Speaker 2". */
function meeting(id = 'meeting'): string {
  store.createSession({ id, title: 'Planning', providerId: 'deepgram' });
  store.appendSegment(id, { text: 'Shall we start?', startMs: 0, endMs: 1000, speaker: 'Speaker 1' });
  store.appendSegment(id, {
    text: 'Yes, the budget first.',
    startMs: 1000,
    endMs: 2500,
    speaker: 'Speaker 2',
  });
  store.appendSegment(id, { text: 'Agreed.', startMs: 2500, endMs: 3000, speaker: 'Speaker 1' });
  store.setSessionStatus(id, 'completed');
  return id;
}

function wordSearch(words: string): string[] {
  return store.listSessions({ words, limit: 10, offset: 0 }).sessions.map((session) => session.id);
}

describe('speaker names', () => {
  it('names a label for the whole session and keeps the segments as they were, across a reopen', () => {
    const id = meeting();
    expect(store.renameSpeaker(id, 'Speaker 1', '  Alice ')).toEqual([
      { label: 'Speaker 1', name: 'Alice' },
      { label: 'Speaker 2', name: null },
    ]);
    store.close();
    store = SessionStore.open(directory.path);
    expect(store.getSpeakerNames(id)).toEqual({ 'Speaker 1': 'Alice' });
    expect(store.getSegments(id).map((segment) => segment.speaker)).toEqual([
      'Speaker 1',
      'Speaker 2',
      'Speaker 1',
    ]);
    expect(store.getNamedSegments(id).map((segment) => segment.speaker)).toEqual([
      'Alice',
      'Speaker 2',
      'Alice',
    ]);
  });

  it("tells the session's watchers: the name is a change to the session as it is shown", () => {
    const id = meeting();
    const touched: string[][] = [];
    store.watchRows((rows) => touched.push(rows.sessions ?? []));
    store.renameSpeaker(id, 'Speaker 1', 'Alice');
    expect(touched).toEqual([[id]]);
  });

  it('gives a speaker back its label when the name is empty', () => {
    const id = meeting();
    store.renameSpeaker(id, 'Speaker 2', 'Bob');
    store.renameSpeaker(id, 'Speaker 2', '   ');
    expect(store.getSpeakerNames(id)).toEqual({});
  });

  it('refuses a label no segment carries, and a session that does not exist', () => {
    const id = meeting();
    expect(() => store.renameSpeaker(id, 'Speaker 9', 'Zoe')).toThrow(
      'Session meeting has no speaker "Speaker 9"; its speakers are "Speaker 1", "Speaker 2".',
    );
    expect(() => store.renameSpeaker('gone', 'Speaker 1', 'Zoe')).toThrow('There is no session gone.');
    expect(store.getSpeakerNames(id)).toEqual({});
  });

  it('can name the speakers of a session while it records', () => {
    store.createSession({ id: 'live', title: 'Live', providerId: 'deepgram' });
    store.appendSegment('live', { text: 'Hello.', startMs: 0, endMs: 500, speaker: 'S0' });
    store.renameSpeaker('live', 'S0', 'Chen');
    expect(store.getNamedSegments('live')[0]?.speaker).toBe('Chen');
  });

  it('lets the word search find a session by a name and still by its label', () => {
    const id = meeting();
    meeting('other');
    store.renameSpeaker(id, 'Speaker 1', 'Alicia Núñez');
    expect(wordSearch('nunez')).toEqual([id]);
    expect(wordSearch('speaker')).toHaveLength(2);
    store.renameSpeaker(id, 'Speaker 1', '');
    expect(wordSearch('nunez')).toEqual([]);
  });

  it('deletes the names with their session', () => {
    const id = meeting();
    store.renameSpeaker(id, 'Speaker 1', 'Alice');
    store.deleteSession(id);
    store.close();
    const database = new DatabaseSync(join(directory.path, databaseFileName), { readOnly: true });
    expect(database.prepare('SELECT count(*) AS count FROM speakerNames').get()).toEqual({ count: 0 });
    database.close();
    store = SessionStore.open(directory.path);
  });

  it('round-trips through a backup, and an import over a session brings the file’s names', async () => {
    const id = meeting();
    store.renameSpeaker(id, 'Speaker 1', 'Alice');
    let text = '';
    await writeBackup(store, (chunk) => void (text += chunk));
    expect(text).toContain('"speakerNames":{"Speaker 1":"Alice"}');

    store.renameSpeaker(id, 'Speaker 2', 'Bob');
    store.importData(parseBackup(text), 'merge');
    expect(store.getSpeakerNames(id)).toEqual({ 'Speaker 1': 'Alice' });

    const fresh = createFakeBackupStore();
    fresh.importData(parseBackup(text), 'replace');
    expect(fresh.getSpeakerNames(id)).toEqual({ 'Speaker 1': 'Alice' });
  });

  it('refuses a backup that names a speaker no segment of the session carries', async () => {
    meeting();
    let text = '';
    await writeBackup(store, (chunk) => void (text += chunk));
    const edited = text.replace('"segments":', '"speakerNames":{"Speaker 7":"Zoe"},"segments":');
    expect(() => parseBackup(edited)).toThrow(
      'sessions[0].speakerNames["Speaker 7"]: names speaker "Speaker 7", which no segment of this session carries',
    );
  });
});
