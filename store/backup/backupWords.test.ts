import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import type { SegmentWord } from '../records.ts';
import { SessionStore } from '../sessionStore.ts';
import { makeDocument } from './backupTestData.ts';
import { importBackup } from './importBackup.ts';
import { parseBackup } from './parseBackup.ts';
import { writeBackup } from './writeBackup.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let stores: SessionStore[];

beforeEach(() => {
  directory = temporaryDirectory('backup-words');
  stores = [];
});
afterEach(() => {
  for (const store of stores) store.close();
  directory.remove();
});

function openStore(name: string): SessionStore {
  const store = SessionStore.open(`${directory.path}/${name}`);
  stores.push(store);
  return store;
}

async function backupOf(store: SessionStore): Promise<string> {
  let text = '';
  await writeBackup(store, (chunk) => void (text += chunk), new Date(Date.UTC(2026, 10, 26)));
  return text;
}

const words: SegmentWord[] = [
  { text: 'Ask', startMs: 1000, endMs: 1300, speaker: 'Speaker 1', confidence: 0.93 },
  { text: 'not.', startMs: 1350, endMs: 1800, speaker: 'Speaker 2' },
];

describe("a backup's words", () => {
  it('restores every word of every segment into another data directory', async () => {
    const original = openStore('original');
    const session = original.createSession({ id: 'words', title: 'Words', providerId: 'deepgram' });
    original.appendSegment(session.id, {
      text: 'Ask not.',
      startMs: 1000,
      endMs: 1800,
      speaker: 'Speaker 1',
      words,
    });
    original.appendSegment(session.id, { text: 'Untimed.', startMs: 1800, endMs: 2500 });
    original.setSessionStatus(session.id, 'completed');
    const text = await backupOf(original);

    const [written] = (JSON.parse(text) as { sessions: Array<{ segments: unknown[] }> }).sessions;
    expect(written?.segments).toEqual([
      { text: 'Ask not.', startMs: 1000, endMs: 1800, speaker: 'Speaker 1', words },
      { text: 'Untimed.', startMs: 1800, endMs: 2500 },
    ]);

    const restored = openStore('restored');
    importBackup(text, restored, 'replace');
    expect(restored.getSegments(session.id)).toEqual(original.getSegments(session.id));
    expect(restored.getSegments(session.id)[0]?.words).toEqual(words);
    expect(await backupOf(restored)).toBe(text);
  });

  it('merges a backup written before words were kept beside sessions that have them', () => {
    const store = openStore('old-backup');
    store.createSession({ id: 'timed', title: 'Timed', providerId: 'deepgram' });
    store.appendSegment('timed', {
      text: 'Ask not.',
      startMs: 1000,
      endMs: 1800,
      speaker: 'Speaker 1',
      words,
    });
    store.setSessionStatus('timed', 'completed');
    importBackup(JSON.stringify(makeDocument()), store, 'merge');
    expect(store.getSegments('timed')[0]?.words).toEqual(words);
    expect(store.getSegments('session-1')).toEqual([
      { seq: 0, text: '你好', startMs: 0, endMs: 1_000, speaker: '张伟', language: 'zh' },
      { seq: 1, text: 'world', startMs: 1_000, endMs: 2_000, speaker: null, language: null },
    ]);
  });

  it('says which word it refuses and why', () => {
    const document = makeDocument();
    const [session] = document.sessions;
    if (session === undefined) throw new Error('the sample document has a session');
    session.segments = [
      {
        text: 'Bad',
        startMs: 0,
        endMs: 900,
        words: [{ text: 'Bad', startMs: 500, endMs: 100, confidence: 2 }],
      },
    ];
    expect(() => parseBackup(JSON.stringify(document))).toThrow(
      /sessions\[0\]\.segments\[0\]\.words\[0\]\.confidence: expected a number from 0 to 1, got 2/,
    );
    expect(() => parseBackup(JSON.stringify(document))).toThrow(
      /sessions\[0\]\.segments\[0\]\.words\[0\]\.endMs: expected a number ≥ startMs \(500\), got 100/,
    );
  });
});
