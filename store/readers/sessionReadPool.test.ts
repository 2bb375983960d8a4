import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import type { SessionQuery } from '../records.ts';
import { emptyPostProcess, SessionStore } from '../sessionStore.ts';
import { SessionReadPool } from './sessionReadPool.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let pool: SessionReadPool;

beforeEach(() => {
  directory = temporaryDirectory('read-pool');
  store = SessionStore.open(directory.path);
  pool = new SessionReadPool(directory.path, { size: 2 });
});

afterEach(async () => {
  await pool.close();
  store.close();
  directory.remove();
});

const finishedSession = (id: string, startedAt: number, text: string, speaker?: string) =>
  recordMeeting(store, [speaker === undefined ? text : { text, speaker }], {
    id,
    title: `Session ${id}`,
    startedAt,
  });

const page = (query: Partial<SessionQuery>) => pool.listSessions({ limit: 20, offset: 0, ...query });
const ids = async (query: Partial<SessionQuery>) => (await page(query)).sessions.map((session) => session.id);

describe('SessionReadPool', () => {
  it('sees every write the store has committed before the list was asked', async () => {
    expect(await ids({})).toEqual([]);
    finishedSession('a', 1_000, 'We refactor the database.', 'Anna');
    expect(await ids({ words: 'database anna' })).toEqual(['a']);
    store.updateSession('a', {
      title: 'École',
      postProcess: { ...emptyPostProcess, summary: 'Pricing agreed.' },
    });
    expect(await ids({ words: 'ecole pricing' })).toEqual(['a']);
    expect(await ids({ search: 'éCOLE' })).toEqual(['a']);
    store.createSession({ id: 'live', title: 'Live', providerId: 'deepgram', startedAt: 2_000 });
    store.appendSegment('live', { text: 'Zürich calling.', startMs: 0, endMs: 500 });
    expect(await ids({ words: 'zurich' })).toEqual(['live']);
    expect(await ids({ search: 'zürich' })).toEqual(['live']);
    store.deleteSession('a');
    expect(await ids({ words: 'database' })).toEqual([]);
    // Asked before any write: a reader's recent answer must not outlive the writes since.
    expect(await ids({})).toEqual(['live']);
  });

  it('sees later writes after a word search that stopped reading a session part way', async () => {
    pool = await reopenedWithOneReader(pool);
    recordMeeting(store, ['First we budget.', 'Then we budget again.', 'And once more: budget.'], {
      id: 'early',
      title: 'Early',
      startedAt: 1_000,
    });
    // The second segment holds both words: the reader stops there, its statement part read.
    expect((await page({ words: 'budget again' })).matchingLines?.early?.seq).toBe(1);
    finishedSession('later', 2_000, 'A later budget.');
    expect(await ids({ search: 'later' })).toEqual(['later']);
  });

  it('answers as the store answers on its own thread, many lists at once', async () => {
    for (let index = 0; index < 30; index++) {
      finishedSession(
        `s${index}`,
        index * 1_000,
        `Line ${index}: budget ${index % 3 === 0 ? 'review' : 'plan'}`,
      );
    }
    const queries: Array<Partial<SessionQuery>> = [
      {},
      { limit: 5, offset: 10 },
      { search: 'budget r' },
      { search: 'line 2' },
      { words: 'review budget' },
      { words: 'plan', limit: 3, offset: 4 },
      { status: 'recording' },
    ];
    const answers = await Promise.all(queries.map(page));
    answers.forEach((answer, index) =>
      expect(answer).toEqual(store.listSessions({ limit: 20, offset: 0, ...queries[index] })),
    );
  });

  it('answers plain lists on the calling thread when given the store, and searches in a reader', async () => {
    const asked: Array<Partial<SessionQuery>> = [];
    const nearby = new SessionReadPool(directory.path, {
      size: 1,
      plainLists: (query) => {
        asked.push(query);
        return store.listSessions(query);
      },
    });
    finishedSession('a', 1_000, 'We refactor the database.');
    expect((await nearby.listSessions({ limit: 5, offset: 0, status: 'completed' })).total).toBe(1);
    expect((await nearby.listSessions({ limit: 5, offset: 0, words: 'database' })).total).toBe(1);
    expect((await nearby.listSessions({ limit: 5, offset: 0, search: ' ' })).total).toBe(1);
    expect(asked).toEqual([
      { limit: 5, offset: 0, status: 'completed' },
      { limit: 5, offset: 0, search: ' ' },
    ]);
    await nearby.close();
  });

  it('refuses lists once closed', async () => {
    await pool.close();
    await expect(page({})).rejects.toThrow(/closed/);
  });
});

async function reopenedWithOneReader(previous: SessionReadPool): Promise<SessionReadPool> {
  await previous.close();
  return new SessionReadPool(directory.path, { size: 1 });
}
