import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordMeeting } from '../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { cjkTokens } from './cjkTokens.ts';
import { databaseFileName } from './database.ts';
import { migrations } from './migrations.ts';
import { indexedWords } from './sessionWords.ts';
import { SessionStore } from './sessionStore.ts';
import { longestSuffix, suffixMatchExpression, wordSuffixes } from './wordSuffixes.ts';

/** Words whose lower case is not simple: ß, final sigma, dotted and dotless i, the Kelvin sign,
 * decomposed accents, a title-case digraph, a ligature, a Roman numeral, Chinese, digits. */
const trickyWords = [
  'Straße',
  'STRASSE',
  'ΟΔΟΣ',
  'σας',
  'İstanbul',
  'ıslak',
  'Kelvin',
  '\u212Aelvin',
  'École',
  'ecole',
  'naïve',
  'nai\u0308ve',
  '预算会议记录',
  'ǅemal',
  'x²y',
  'Zoë',
  'data-base',
  'Refactor',
  '1234',
  'ﬁnance',
  'Ⅻ',
];
const transcripts = [
  trickyWords.slice(0, 7).join(' '),
  trickyWords.slice(7, 14).join(', '),
  `${trickyWords.slice(14).join('. ')}.`,
  trickyWords.filter((_, index) => index % 3 === 0).join(' – '),
];

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('word-suffixes');
  store = SessionStore.open(directory.path);
});

afterEach(() => {
  store.close();
  directory.remove();
});

const codePoints = (text: string) => [...text];

/** Every run of 3 to 8 characters of each word as written, in upper case and in lower case. */
function queriesFromWords(): string[] {
  const queries = new Set<string>();
  for (const word of trickyWords) {
    for (const form of [word, word.toUpperCase(), word.toLowerCase()]) {
      const characters = codePoints(form);
      for (let start = 0; start < characters.length; start++) {
        for (let end = start + 3; end <= Math.min(characters.length, start + 8); end++) {
          queries.add(characters.slice(start, end).join(''));
        }
      }
    }
  }
  return [...queries];
}

describe('the word-suffix index', () => {
  it('finds exactly the transcripts holding a one-word query, as lower case and `includes` do', () => {
    transcripts.forEach((text, index) =>
      recordMeeting(store, [text], { id: `s${index}`, title: '', startedAt: index }),
    );
    const answered = queriesFromWords().filter((query) => suffixMatchExpression(query) !== undefined);
    // Most queries are words the index answers; the rest (with "-", or too short) are not its concern.
    expect(answered.length).toBeGreaterThan(300);
    for (const query of answered) {
      const found = store.listSessions({ search: query, limit: 100, offset: 0 });
      const expected = transcripts
        .map((text, index) => ({ id: `s${index}`, text }))
        .filter((session) => session.text.toLowerCase().includes(query.toLowerCase()))
        .map((session) => session.id)
        .reverse();
      expect({ query, ids: found.sessions.map((session) => session.id) }).toEqual({ query, ids: expected });
    }
  });

  it('keeps each suffix one token, cut to the longest a query may be', () => {
    expect(wordSuffixes('Data-base data')).toBe('data ata ta a base ase se e');
    const sentence = '我们讨论了下个季度的预算以及数据库迁移的时间表和负责人安排情况';
    const suffixes = wordSuffixes(sentence).split(' ');
    expect(suffixes).toHaveLength(codePoints(sentence).length);
    expect(Math.max(...suffixes.map((suffix) => codePoints(suffix).length))).toBe(longestSuffix);
    expect(
      suffixMatchExpression(
        codePoints(sentence)
          .slice(0, longestSuffix + 1)
          .join(''),
      ),
    ).toBeUndefined();
    expect(suffixMatchExpression('ab')).toBeUndefined();
    expect(suffixMatchExpression('two words')).toBeUndefined();
    expect(suffixMatchExpression('Base')).toBe('"base"*');
  });

  it('follows renamed titles and deleted sessions', () => {
    recordMeeting(store, ['The quokka budget'], { id: 'a', title: '', startedAt: 1 });
    const found = (search: string) =>
      store.listSessions({ search, limit: 10, offset: 0 }).sessions.map((session) => session.id);
    expect(found('okka')).toEqual(['a']);
    store.updateSession('a', { title: 'Wombat review' });
    expect(found('ombat')).toEqual(['a']);
    expect(found('okka')).toEqual(['a']);
    store.deleteSession('a');
    expect(found('ombat')).toEqual([]);
    expect(found('okka')).toEqual([]);
  });

  it('is built for the transcripts a data directory already holds', () => {
    store.close();
    directory.remove();
    directory = temporaryDirectory('word-suffixes');
    const database = new DatabaseSync(join(directory.path, databaseFileName), {
      enableForeignKeyConstraints: true,
    });
    database.function('cjkTokens', { deterministic: true }, (text) =>
      typeof text === 'string' ? cjkTokens(text) : '',
    );
    database.function('searchWords', { deterministic: true }, (text) =>
      typeof text === 'string' ? indexedWords(text) : '',
    );
    // Migration 10 builds the index.
    const versionBefore = 9;
    for (const migration of migrations.slice(0, versionBefore)) migration(database);
    database.exec(`PRAGMA user_version = ${versionBefore}`);
    database.exec(`
      INSERT INTO sessions VALUES ('old', 'Kickoff', 0, 'completed', 1000, 'deepgram', NULL, '[]', 20, NULL, NULL,
        '{"summary":"","actionItems":[],"keywords":[],"chapters":[],"status":"none"}',
        '{"markdown":"","status":"none"}', 0);
      INSERT INTO transcripts (sessionId, text) VALUES ('old', 'Hello Zoë, the wombats arrived.');
    `);
    expect(
      database.prepare("SELECT count(*) AS count FROM sqlite_schema WHERE name = 'transcriptSuffixes'").get()
        ?.count,
    ).toBe(0);
    database.close();

    store = SessionStore.open(directory.path);
    expect(
      store.listSessions({ search: 'MBAT', limit: 10, offset: 0 }).sessions.map((session) => session.id),
    ).toEqual(['old']);
  });
});
