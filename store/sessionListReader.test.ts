import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordMeeting } from '../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { cjkTokens } from './cjkTokens.ts';
import { databaseFileName } from './database.ts';
import { migrations } from './migrations.ts';
import type { SessionQuery } from './records.ts';
import { emptyPostProcess, SessionStore } from './sessionStore.ts';
import { joinSegmentTexts } from './transcriptText.ts';

/** The schema before the word search's index (migration 8). */
const versionBeforeWordSearch = 7;

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('session-lists');
  store = SessionStore.open(directory.path);
});

afterEach(() => {
  store.close();
  directory.remove();
});

/** A finished session with one segment per `[speaker, text]`. */
const finishedSession = (
  id: string,
  startedAt: number,
  lines: Array<[speaker: string | null, text: string]>,
  title = `Session ${id}`,
) =>
  recordMeeting(
    store,
    lines.map(([speaker, text]) => (speaker === null ? text : { text, speaker })),
    { id, title, startedAt },
  );

const wordIds = (words: string, query: Partial<SessionQuery> = {}) =>
  store.listSessions({ words, limit: 20, offset: 0, ...query }).sessions.map((session) => session.id);

describe('word search', () => {
  beforeEach(() => {
    finishedSession('plan', 3_000, [
      ['Anna', 'We should refactor the database before the launch.'],
      ['Ben', 'The École team was naïve about costs.'],
    ]);
    finishedSession('retro', 2_000, [[null, 'The database was slow; nobody refactored anything.']], 'Retro');
    finishedSession('budget', 1_000, [['Carla', '我们讨论了预算。']], 'Q3 Budget');
  });

  it('finds every typed word in any order, ignoring case and accents', () => {
    expect(wordIds('refactor database')).toEqual(['plan', 'retro']);
    expect(wordIds('DATABASE Refactor')).toEqual(['plan', 'retro']);
    expect(wordIds('ecole naive')).toEqual(['plan']);
    expect(wordIds('École')).toEqual(['plan']);
    expect(wordIds('refactor ecole')).toEqual(['plan']);
    expect(wordIds('refactor missing')).toEqual([]);
  });

  it("finds titles, speakers' names and Chinese words", () => {
    expect(wordIds('retro slow')).toEqual(['retro']);
    expect(wordIds('anna')).toEqual(['plan']);
    expect(wordIds('carla budget')).toEqual(['budget']);
    expect(wordIds('预算')).toEqual(['budget']);
    expect(wordIds('算预')).toEqual([]);
  });

  it('finds the AI summary once it is written, and forgets what a rename or a new summary removed', () => {
    expect(wordIds('pricing')).toEqual([]);
    store.updateSession('retro', {
      postProcess: { ...emptyPostProcess, summary: 'Agreed on pricing.\nNext: hiring.' },
    });
    expect(wordIds('pricing')).toEqual(['retro']);
    const page = store.listSessions({ words: 'hiring', limit: 20, offset: 0 });
    expect(page.matchingLines?.retro).toMatchObject({ text: 'Next: hiring.', source: 'summary' });
    store.updateSession('retro', { title: 'Weekly', postProcess: emptyPostProcess });
    expect(wordIds('pricing')).toEqual([]);
    expect(wordIds('retro')).toEqual([]);
    expect(wordIds('weekly')).toEqual(['retro']);
  });

  it('gives each result its best line with the words marked, or null when only the title held them', () => {
    const page = store.listSessions({ words: 'anna refactor', limit: 20, offset: 0 });
    expect(page.sessions.map((session) => session.id)).toEqual(['plan']);
    const line = page.matchingLines?.plan;
    expect(line).toMatchObject({ source: 'transcript', seq: 0, startMs: 0, speaker: 'Anna' });
    expect(line?.marks.map((mark) => line.text.slice(mark.start, mark.end))).toEqual(['refactor']);
    expect(store.listSessions({ words: 'retro', limit: 20, offset: 0 }).matchingLines).toEqual({
      retro: null,
    });
    expect(store.listSessions({ limit: 20, offset: 0 }).matchingLines).toBeUndefined();
  });

  it('shows and matches a speaker by the name given to it, in stored and recording sessions', () => {
    store.renameSpeaker('plan', 'Anna', 'Anna Lindqvist');
    const line = store.listSessions({ words: 'lindqvist refactor', limit: 20, offset: 0 }).matchingLines
      ?.plan;
    expect(line).toMatchObject({ seq: 0, speaker: 'Anna Lindqvist' });
    store.createSession({ id: 'live', title: 'Live', providerId: 'deepgram', startedAt: 4_000 });
    store.appendSegment('live', { text: 'Costs are up.', startMs: 0, endMs: 500, speaker: 'Speaker 1' });
    store.renameSpeaker('live', 'Speaker 1', 'Bruno');
    expect(wordIds('bruno costs')).toEqual(['live']);
    expect(
      store.listSessions({ words: 'bruno costs', limit: 20, offset: 0 }).matchingLines?.live?.speaker,
    ).toBe('Bruno');
  });

  it('finds sessions still recording, in their segments so far', () => {
    store.createSession({ id: 'live', title: 'Live', providerId: 'deepgram', startedAt: 4_000 });
    store.appendSegment('live', {
      text: 'The Zürich office called.',
      startMs: 0,
      endMs: 500,
      speaker: 'Dora',
    });
    expect(wordIds('zurich dora')).toEqual(['live']);
    expect(store.listSessions({ words: 'zurich', limit: 20, offset: 0 }).matchingLines?.live?.text).toBe(
      'The Zürich office called.',
    );
    store.setSessionStatus('live', 'completed');
    expect(wordIds('zurich dora')).toEqual(['live']);
  });

  it('pages and counts with the other filters, and forgets deleted sessions', () => {
    expect(store.listSessions({ words: 'database', limit: 1, offset: 1 })).toMatchObject({
      total: 2,
      sessions: [{ id: 'retro' }],
    });
    expect(store.listSessions({ words: 'database', limit: 1, offset: 5 })).toMatchObject({
      total: 2,
      sessions: [],
    });
    expect(wordIds('database', { search: 'nobody' })).toEqual(['retro']);
    expect(store.listSessions({ words: 'database', status: 'completed', limit: 1, offset: 9 })).toMatchObject(
      { total: 2, sessions: [] },
    );
    expect(store.listSessions({ words: 'database', search: 'slow', limit: 1, offset: 3 }).total).toBe(1);
    expect(wordIds('database', { status: 'recording' })).toEqual([]);
    store.deleteSession('plan');
    expect(wordIds('database')).toEqual(['retro']);
    expect(wordIds('anna')).toEqual([]);
  });
});

/** The spec's `search` as the store answered it before lists were read from SQLite. */
function referenceSearch(
  sessions: ReadonlyArray<{ id: string; title: string; transcript: string }>,
  search: string,
) {
  const folded = search.trim().toLowerCase();
  return sessions
    .filter(
      (session) =>
        session.title.toLowerCase().includes(folded) || session.transcript.toLowerCase().includes(folded),
    )
    .map((session) => session.id);
}

describe('search', () => {
  it('finds exactly what a case-insensitive substring of the title or the transcript finds', () => {
    const texts = [
      ['Q3 Budget', ['We discussed the Q3 budget.', 'École naïve ÜBER']],
      ['Ünïcode title', ['你好 world', '世界。预算']],
      ['\u212Aelvin and İstanbul', ['50% of _all_ "quoted" text', 'back\\slash']],
      ['', ['Refactor the database', 'refactoring databases']],
    ] as const;
    const sessions = texts.map(([title, lines], index) => {
      const id = `s${index}`;
      finishedSession(
        id,
        10_000 - index,
        lines.map((text) => [null, text] as [null, string]),
        title,
      );
      return { id, title, transcript: joinSegmentTexts(lines) };
    });
    store.createSession({ id: 'live', title: 'Live', providerId: 'deepgram', startedAt: 20_000 });
    store.appendSegment('live', { text: 'Live budget talk', startMs: 0, endMs: 1 });
    const everySession = [{ id: 'live', title: 'Live', transcript: 'Live budget talk' }, ...sessions];
    const searches = [
      'budget',
      'Q3',
      'q3 b',
      'école',
      'ÉCOLE',
      'naive',
      'über',
      'ü',
      'u',
      '预算',
      '预',
      '界。预',
      '%',
      '_',
      '\\',
      '"quoted"',
      'kelvin',
      'i̇stanbul',
      'istanbul',
      'refactor the',
      'databases',
      'title',
      'live b',
      ' budget ',
      'nothing at all',
    ];
    for (const search of searches) {
      const found = store.listSessions({ search, limit: 100, offset: 0 });
      const expected = referenceSearch(everySession, search);
      expect({ search, ids: found.sessions.map((session) => session.id) }).toEqual({ search, ids: expected });
      expect(found.total).toBe(expected.length);
    }
  });
});

describe('the migration to word search', () => {
  it('indexes the sessions a data directory already holds', () => {
    store.close();
    directory.remove();
    directory = temporaryDirectory('session-lists');
    const database = new DatabaseSync(join(directory.path, databaseFileName), {
      enableForeignKeyConstraints: true,
    });
    database.function('cjkTokens', { deterministic: true }, (text) =>
      typeof text === 'string' ? cjkTokens(text) : '',
    );
    for (const migration of migrations.slice(0, versionBeforeWordSearch)) migration(database);
    database.exec(`PRAGMA user_version = ${versionBeforeWordSearch}`);
    database.exec(`
      INSERT INTO sessions VALUES ('old', 'Kickoff', 0, 'completed', 1000, 'deepgram', NULL, '[]', 20, NULL, NULL,
        '{"summary":"Chose the café.","actionItems":[],"keywords":[],"chapters":[],"status":"success"}',
        '{"markdown":"","status":"none"}', 0);
      INSERT INTO segments VALUES ('old', 0, 'Hello Zoë.', 0, 900, 'Marta', NULL);
      INSERT INTO transcripts (sessionId, text) VALUES ('old', 'Hello Zoë.');
    `);
    database.close();

    store = SessionStore.open(directory.path);
    expect(wordIds('kickoff zoe marta cafe')).toEqual(['old']);
  });
});
