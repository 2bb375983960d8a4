import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import {
  transcriptPage,
  transcriptPageCharacters,
  transcriptPageStart,
  transcriptPageText,
} from './transcriptPages.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('mcp-transcript-pages');
  store = SessionStore.open(directory.path);
});

afterEach(() => {
  store.close();
  directory.remove();
});

/** Every page of the session's transcript, each started where the cursor of the last one says. */
function allPages(sessionId: string, limit: number) {
  const session = store.getSession(sessionId);
  if (session === undefined) throw new Error('no session');
  const pages = [transcriptPage(store, session, {}, 0, limit)];
  for (let cursor = pages[0]?.nextCursor; typeof cursor === 'string'; cursor = pages.at(-1)?.nextCursor) {
    const first = transcriptPageStart(sessionId, {}, cursor);
    if (first === undefined) throw new Error('a cursor the pages gave was refused');
    pages.push(transcriptPage(store, session, {}, first, limit));
  }
  return pages;
}

describe('transcript pages', () => {
  it('stop before the character budget, never cut a segment, and together hold every segment once', () => {
    const line = 'x'.repeat(7_000);
    const sessionId = recordMeeting(
      store,
      Array.from({ length: 10 }, (_, index) => `${index} ${line}`),
    );
    const pages = allPages(sessionId, 1000);
    expect(pages.map((page) => page.segments.length)).toStrictEqual([4, 4, 2]);
    expect(pages.map((page) => page.remaining)).toStrictEqual([6, 2, 0]);
    for (const page of pages) {
      const characters = page.segments.reduce((sum, segment) => sum + segment.text.length, 0);
      expect(characters).toBeLessThanOrEqual(transcriptPageCharacters);
    }
    expect(pages.flatMap((page) => page.segments.map((segment) => segment.seq))).toStrictEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(transcriptPageText(pages[0]!, (cursor) => `next: ${cursor}`)).toMatch(
      /\n6 more segment\(s\) not shown: next: \S+$/,
    );
  });

  it('give a segment longer than the budget whole, on a page of its own', () => {
    const sessionId = recordMeeting(store, ['short', 'y'.repeat(transcriptPageCharacters + 1), 'after']);
    const pages = allPages(sessionId, 1000);
    expect(pages.map((page) => page.segments.map((segment) => segment.text.length))).toStrictEqual([
      [5],
      [transcriptPageCharacters + 1],
      [5],
    ]);
  });

  it('refuse a cursor of another time range', () => {
    const sessionId = recordMeeting(store, ['one', 'two', 'three']);
    const session = store.getSession(sessionId);
    if (session === undefined) throw new Error('no session');
    const { nextCursor } = transcriptPage(store, session, { fromMs: 0 }, 0, 1);
    expect(transcriptPageStart(sessionId, { fromMs: 0 }, nextCursor ?? '')).toBe(1);
    expect(transcriptPageStart(sessionId, {}, nextCursor ?? '')).toBeUndefined();
  });
});
