import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { databaseFileName } from '../database.ts';
import { SessionStore } from '../sessionStore.ts';
import { SearchIndexMerger } from './searchIndexMerger.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let merger: SearchIndexMerger;

beforeEach(() => {
  directory = temporaryDirectory('index-merging');
  store = SessionStore.open(directory.path);
  merger = new SearchIndexMerger(directory.path);
});

afterEach(async () => {
  await merger.close();
  store.close();
  directory.remove();
});

/** Segments of each search index, read from a second connection as a reader would. */
function segmentCounts(): Record<string, number> {
  const database = new DatabaseSync(join(directory.path, databaseFileName), { readOnly: true });
  try {
    return Object.fromEntries(
      ['sessionWords', 'sessionSuffixes', 'transcriptSearch'].map((table) => [
        table,
        Number(
          database.prepare(`SELECT count(DISTINCT segid) AS segments FROM ${table}_idx`).get()?.segments,
        ),
      ]),
    );
  } finally {
    database.close();
  }
}

it('merges each search index into one segment, a step at a time on its own thread, and finds the same sessions after', async () => {
  // A session at a time, as a library grows: every one adds a segment to each index.
  for (let index = 0; index < 30; index++) {
    recordMeeting(store, [`Meeting ${index} about the budget and quokka number ${index}.`], {
      id: `s${index}`,
      title: `Review ${index}`,
      startedAt: index,
    });
  }
  const searches = () =>
    ['budget', 'quokka', 'review 1', 'umber'].flatMap((search) => [
      store.listSessions({ search, limit: 100, offset: 0 }),
      store.listSessions({ words: search, limit: 100, offset: 0 }),
    ]);
  const before = searches();
  expect(Math.min(...Object.values(segmentCounts()))).toBeGreaterThan(1);

  let steps = 0;
  while (await merger.step()) expect(++steps).toBeLessThan(1_000);
  expect(steps).toBeGreaterThan(0);
  expect(segmentCounts()).toEqual({ sessionWords: 1, sessionSuffixes: 1, transcriptSearch: 1 });
  expect(searches()).toEqual(before);
  // Nothing left: the next step does nothing and says so.
  expect(await merger.step()).toBe(false);
});
