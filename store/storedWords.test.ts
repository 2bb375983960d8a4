import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { addSqlFunctions, databaseFileName } from './database.ts';
import { migrations } from './migrations.ts';
import type { SegmentWord } from './records.ts';
import { SessionStore } from './sessionStore.ts';
import { fromStoredWords, toStoredWords } from './storedWords.ts';

/** The schema before segments had a words column (migration 12). */
const versionBeforeWords = 11;

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('stored-words');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

function reopen(): void {
  store.close();
  store = SessionStore.open(directory.path);
}

const words: SegmentWord[] = [
  { text: 'Hello', startMs: 1200, endMs: 1480, speaker: 'Speaker 1', confidence: 0.98 },
  { text: 'there.', startMs: 1520, endMs: 1900, speaker: 'Speaker 1' },
  { text: 'Hi!', startMs: 1950, endMs: 2200, speaker: 'Speaker 2', confidence: 0.5 },
];

describe("a segment's words in the store", () => {
  it('keeps them through a restart, while recording and after the session ends', () => {
    const session = store.createSession({ title: 'Words', providerId: 'deepgram' });
    store.appendSegment(session.id, {
      text: 'Hello there. Hi!',
      startMs: 1200,
      endMs: 2200,
      speaker: 'Speaker 1',
      words,
    });
    store.appendSegment(session.id, { text: 'No word times.', startMs: 2200, endMs: 3000 });
    const expected = [
      {
        seq: 0,
        text: 'Hello there. Hi!',
        startMs: 1200,
        endMs: 2200,
        speaker: 'Speaker 1',
        language: null,
        words,
      },
      { seq: 1, text: 'No word times.', startMs: 2200, endMs: 3000, speaker: null, language: null },
    ];
    expect(store.getSegments(session.id)).toEqual(expected);

    reopen();
    expect(store.getSegments(session.id)).toEqual(expected);

    store.setSessionStatus(session.id, 'completed');
    reopen();
    expect(store.getSegments(session.id)).toEqual(expected);
    // Back to recording, the stored rows return to memory with their words.
    store.setSessionStatus(session.id, 'recording');
    expect(store.getSegments(session.id)).toEqual(expected);
  });

  it('refuses a word it could not place, and keeps nothing of that segment', () => {
    const session = store.createSession({ title: 'Bad word', providerId: 'deepgram' });
    expect(() =>
      store.appendSegment(session.id, {
        text: 'Backwards.',
        startMs: 0,
        endMs: 900,
        words: [{ text: 'Backwards.', startMs: 800, endMs: 100 }],
      }),
    ).toThrow(/0 ≤ startMs ≤ endMs \(got 800\.\.100 for "Backwards\."\)/);
    expect(() =>
      store.appendSegment(session.id, {
        text: 'Sure.',
        startMs: 0,
        endMs: 900,
        words: [{ text: 'Sure.', startMs: 0, endMs: 900, confidence: 1.5 }],
      }),
    ).toThrow(/confidence must be a number from 0 to 1 \(got 1\.5 for "Sure\."\)/);
    expect(store.getSegments(session.id)).toEqual([]);
  });

  it('brings a database from before word times forward: its segments come back without words', () => {
    // A data directory as the build before the words column wrote it.
    const oldDirectory = join(directory.path, 'old');
    mkdirSync(oldDirectory);
    const database = new DatabaseSync(join(oldDirectory, databaseFileName));
    addSqlFunctions(database);
    for (const migration of migrations.slice(0, versionBeforeWords)) migration(database);
    database.exec(`PRAGMA user_version = ${versionBeforeWords}`);
    database.exec(`
      INSERT INTO sessions VALUES ('old', 'Old', 0, 'completed', 1000, 'whisper-cpp', NULL, '[]', 15, NULL, NULL,
        '{"summary":"","actionItems":[],"keywords":[],"chapters":[],"status":"none"}',
        '{"markdown":"","status":"none"}', 0);
      INSERT INTO segments VALUES ('old', 0, 'Written before.', 0, 1000, 'Speaker 1', NULL);
      INSERT INTO transcripts (sessionId, text) VALUES ('old', 'Written before.');`);
    database.close();

    store.close();
    store = SessionStore.open(oldDirectory);
    expect(store.getSegments('old')).toEqual([
      { seq: 0, text: 'Written before.', startMs: 0, endMs: 1000, speaker: 'Speaker 1', language: null },
    ]);
    // Resumed, it takes segments with words after those without.
    store.setSessionStatus('old', 'recording');
    store.appendSegment('old', { text: 'And now.', startMs: 1000, endMs: 1500, words: words.slice(0, 1) });
    expect(store.getSegments('old').map((segment) => segment.words)).toEqual([undefined, words.slice(0, 1)]);
  });
});

describe('the stored form of words', () => {
  const segment = { startMs: 1200, speaker: 'Speaker 1' };

  it("times each word from its segment's start, and names only a speaker other than the segment's", () => {
    expect(toStoredWords(words, segment)).toEqual([
      ['Hello', 0, 280, 0.98],
      ['there.', 320, 380],
      ['Hi!', 750, 250, 0.5, 'Speaker 2'],
    ]);
    expect(toStoredWords([], segment)).toBeNull();
    expect(toStoredWords(undefined, segment)).toBeNull();
  });

  it('keeps confidence to three decimals, and its place with null before a speaker', () => {
    const stored = toStoredWords(
      [
        { text: 'maybe', startMs: 1200, endMs: 1300, speaker: 'Speaker 3' },
        { text: 'so', startMs: 1300, endMs: 1400, confidence: 0.987654 },
      ],
      segment,
    );
    expect(stored).toEqual([
      ['maybe', 0, 100, null, 'Speaker 3'],
      ['so', 100, 100, 0.988],
    ]);
  });

  it("reads back the words it wrote, a word without a speaker taking its segment's", () => {
    const written = JSON.stringify(toStoredWords(words, segment));
    expect(fromStoredWords(written, segment)).toEqual(words);
    expect(fromStoredWords(JSON.stringify([['So', 0, 10]]), segment)).toEqual([
      { text: 'So', startMs: 1200, endMs: 1210, speaker: 'Speaker 1' },
    ]);
    expect(fromStoredWords(JSON.stringify([['So', 0, 10]]), { startMs: 0, speaker: null })).toEqual([
      { text: 'So', startMs: 0, endMs: 10 },
    ]);
    expect(fromStoredWords(null, segment)).toBeUndefined();
  });
});
