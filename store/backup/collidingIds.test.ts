/**
 * Ids a backup only promises to be unique within their session (Q&A entries) must not collide
 * across sessions in the store: every part of a valid backup comes back out of the real store,
 * through SQLite, whatever the ids repeat.
 */

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import type { AskEntry } from '../records.ts';
import { SessionStore } from '../sessionStore.ts';
import { makeRecord, makeSegments, sampleTags, sampleTopics } from './backupTestData.ts';
import type { BackupSource } from './backupSource.ts';
import { createFakeBackupStore } from './fakeBackupStore.ts';
import type { ImportData, ImportedSession } from './importData.ts';
import { importBackup } from './importBackup.ts';
import { writeBackup } from './writeBackup.ts';

const exportedAt = new Date(Date.UTC(2026, 10, 23));

function askEntry(id: string, answer: string, minute: number): AskEntry {
  return {
    id,
    question: `Question ${id}?`,
    answer,
    citations: [{ quote: 'Good morning.', speaker: null }],
    createdAt: `2026-11-22T10:0${minute}:00.000+08:00`,
    status: 'success',
  };
}

/** In the order the store lists a session's questions (by `createdAt`), so exports compare equal. */
function askHistory(answer: string): AskEntry[] {
  return ['ask-1', 'ask-2', 'session-a'].map((id, minute) => askEntry(id, answer, minute));
}

function session(id: string, startedAt: number, history: AskEntry[]): ImportedSession {
  return { record: makeRecord({ id, startedAt }), segments: makeSegments(), askHistory: history };
}

/**
 * Sessions that share everything but their own id: segments, chapters, translations and Q&A ids.
 * `x` and `x#1` also share Q&A ids that a key joined with '#' would confuse ("x" + "1#2" and
 * "x#1" + "2" both read "x#1#2").
 */
const colliding: ImportData = {
  topics: sampleTopics,
  tags: sampleTags,
  sessions: [
    session('session-a', Date.UTC(2026, 10, 22, 4), askHistory('From session a.')),
    session('session-b', Date.UTC(2026, 10, 22, 3), askHistory('From session b.')),
    session('x', Date.UTC(2026, 10, 22, 2), [askEntry('1#2', 'x', 0)]),
    session('x#1', Date.UTC(2026, 10, 22, 1), [askEntry('2', 'x#1', 0)]),
  ],
};

async function exportText(source: BackupSource): Promise<string> {
  let text = '';
  await writeBackup(source, (chunk) => void (text += chunk), exportedAt);
  return text;
}

interface Document {
  topics: Array<{ id: string }>;
  tags: Array<{ id: string }>;
  sessions: Array<{ id: string }>;
}

/**
 * The document with its lists keyed by id: the store lists topics and tags by name and sessions
 * newest first, while what matters here is that each one is there, whole. Keys name the item that
 * differs in a failure.
 */
function byId(text: string) {
  const document = JSON.parse(text) as Document;
  const keyed = (items: Array<{ id: string }>) => Object.fromEntries(items.map((item) => [item.id, item]));
  return {
    ...document,
    topics: keyed(document.topics),
    tags: keyed(document.tags),
    sessions: keyed(document.sessions),
  };
}

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('colliding-ids');
  store = SessionStore.open(directory.path);
});

afterEach(() => {
  store.close();
  directory.remove();
});

/** Exports what is on disk, not just what is in memory. */
function reopened(): SessionStore {
  store.close();
  store = SessionStore.open(directory.path);
  return store;
}

describe('a backup whose ids repeat across sessions', () => {
  for (const mode of ['replace', 'merge'] as const) {
    it(`comes back whole after an import (${mode})`, async () => {
      const backup = await exportText(createFakeBackupStore(colliding));
      importBackup(backup, store, mode);
      expect(byId(await exportText(reopened()))).toStrictEqual(byId(backup));
    });
  }

  it('merges into a store that holds one of its sessions and another with the same Q&A ids', async () => {
    const stale = session('session-a', Date.UTC(2020, 0, 1), [
      ...askHistory('Stale answer.'),
      askEntry('ask-3', 'Stale answer.', 3),
    ]);
    const bystander = session('session-z', Date.UTC(2021, 0, 1), askHistory('From session z.'));
    store.importData({ topics: sampleTopics, tags: sampleTags, sessions: [stale, bystander] }, 'replace');
    const bystanderBefore = byId(await exportText(store)).sessions['session-z'];
    expect(bystanderBefore).toMatchObject({ askHistory: askHistory('From session z.') });

    const backup = await exportText(createFakeBackupStore(colliding));
    importBackup(backup, store, 'merge');

    // The file's session-a replaces the stored one entirely, questions included (docs/backup.md).
    const expected = byId(backup);
    expect(byId(await exportText(reopened()))).toStrictEqual({
      ...expected,
      sessions: { ...expected.sessions, 'session-z': bystanderBefore },
    });
  });
});
