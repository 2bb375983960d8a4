import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { cjkTokens } from './cjkTokens.ts';
import { databaseFileName } from './database.ts';
import { migrations } from './migrations.ts';
import type { AskEntry } from './records.ts';
import { SessionStore } from './sessionStore.ts';

/** The schema before Q&A entries were keyed by session and entry id. */
const versionKeyedByEntryId = 2;

let directory: ReturnType<typeof temporaryDirectory>;
beforeEach(() => (directory = temporaryDirectory('ask-migration')));
afterEach(() => directory.remove());

function askEntry(id: string, answer: string, minute = 0): AskEntry {
  return {
    id,
    question: `Question ${id}?`,
    answer,
    citations: [{ quote: 'Hello.', speaker: 'Ana' }],
    createdAt: `2026-11-22T10:0${minute}:00.000+08:00`,
    status: 'success',
  };
}

/** A data directory as the build before this migration wrote it: one Q&A entry per session. */
function writeDirectoryKeyedByEntryId(entries: Record<string, AskEntry>): void {
  const database = new DatabaseSync(join(directory.path, databaseFileName), {
    enableForeignKeyConstraints: true,
  });
  database.function('cjkTokens', { deterministic: true }, (text) =>
    typeof text === 'string' ? cjkTokens(text) : '',
  );
  for (const migration of migrations.slice(0, versionKeyedByEntryId)) migration(database);
  database.exec(`PRAGMA user_version = ${versionKeyedByEntryId}`);
  const insertSession = database.prepare(
    `INSERT INTO sessions VALUES (?, 'Title', 0, 'completed', 1000, 'P13', NULL, '[]', 6, NULL, NULL,
      '{"summary":"","actionItems":[],"keywords":[],"chapters":[],"status":"none"}',
      '{"markdown":"","status":"none"}', 0)`,
  );
  const insertTranscript = database.prepare("INSERT INTO transcripts (sessionId, text) VALUES (?, 'Hello.')");
  const insertEntry = database.prepare('INSERT INTO askEntries VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const [sessionId, entry] of Object.entries(entries)) {
    insertSession.run(sessionId);
    insertTranscript.run(sessionId);
    const { id, question, answer, citations, createdAt, status } = entry;
    insertEntry.run(id, sessionId, question, answer, JSON.stringify(citations), createdAt, status);
  }
  database.close();
}

it('keeps every Q&A entry of a data directory written before entries were keyed by session', () => {
  writeDirectoryKeyedByEntryId({ a: askEntry('ask-1', 'From a.'), b: askEntry('ask-2', 'From b.') });

  let store = SessionStore.open(directory.path);
  expect(store.getAskHistory('a')).toEqual([askEntry('ask-1', 'From a.')]);
  expect(store.getAskHistory('b')).toEqual([askEntry('ask-2', 'From b.')]);
  expect(store.getTranscript('a')).toBe('Hello.');
  // What the old key refused: b's own "ask-1" beside a's.
  store.putAskEntry('b', askEntry('ask-1', 'Also from b.', 1));
  store.close();

  store = SessionStore.open(directory.path);
  expect(store.getAskHistory('a')).toEqual([askEntry('ask-1', 'From a.')]);
  expect(store.getAskHistory('b')).toEqual([
    askEntry('ask-2', 'From b.'),
    askEntry('ask-1', 'Also from b.', 1),
  ]);
  store.deleteSession('a');
  store.close();

  store = SessionStore.open(directory.path);
  expect(store.getAskHistory('a')).toEqual([]);
  expect(store.getAskHistory('b')).toHaveLength(2);
  store.close();
});
