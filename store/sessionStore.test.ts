import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportData } from './backup/importData.ts';
import { databaseFileName } from './database.ts';
import { emptyMindMap, emptyPostProcess, SessionStore } from './sessionStore.ts';
import type { SessionQuery, SessionRecord } from './records.ts';

let dataDirectory: string;
let store: SessionStore;

beforeEach(() => {
  dataDirectory = mkdtempSync(join(tmpdir(), 'earshot-store-'));
  store = SessionStore.open(dataDirectory);
});

afterEach(() => {
  store.close();
  rmSync(dataDirectory, { recursive: true, force: true });
});

function reopen(): SessionStore {
  store.close();
  store = SessionStore.open(dataDirectory);
  return store;
}

function importedRecord(
  id: string,
  startedAt: number,
  overrides: Partial<SessionRecord> = {},
): SessionRecord {
  return {
    id,
    title: `Session ${id}`,
    startedAt,
    status: 'completed',
    durationMs: 1000,
    providerId: 'whisper-cpp',
    topicId: null,
    tagIds: [],
    transcriptLength: 0,
    translatedTranscript: null,
    correctedTranscript: null,
    postProcess: emptyPostProcess,
    mindMap: emptyMindMap,
    updatedAt: startedAt,
    ...overrides,
  };
}

describe('live sessions', () => {
  it('appends segments, keeps the transcript length in code points, and survives a reopen', () => {
    const session = store.createSession({ title: 'Standup', providerId: 'deepgram' });
    store.appendSegment(session.id, { text: 'Hello team.', startMs: 0, endMs: 900 });
    store.appendSegment(session.id, {
      text: ' 你好 ',
      startMs: 900,
      endMs: 1500,
      speaker: 'S1',
      language: 'zh',
    });
    expect(store.getTranscript(session.id)).toBe('Hello team. 你好');
    expect(store.getSession(session.id)?.transcriptLength).toBe('Hello team. 你好'.length);
    expect(store.getSession(session.id)?.durationMs).toBe(1500);

    reopen();
    expect(store.getSession(session.id)?.status).toBe('recording');
    expect(store.getSegments(session.id)).toEqual([
      { seq: 0, text: 'Hello team.', startMs: 0, endMs: 900, speaker: null, language: null },
      { seq: 1, text: '你好', startMs: 900, endMs: 1500, speaker: 'S1', language: 'zh' },
    ]);
    store.appendSegment(session.id, { text: 'Next.', startMs: 1500, endMs: 2000 });
    expect(store.getSegments(session.id).map((segment) => segment.seq)).toEqual([0, 1, 2]);
  });

  it('answers a repeated search afresh after every write', () => {
    const session = store.createSession({ title: 'Zoo', providerId: 'groq' });
    expect(store.listSessions({ search: 'zebra', limit: 20, offset: 0 }).total).toBe(0);
    store.appendSegment(session.id, { text: 'A zebra walked in.', startMs: 0, endMs: 1000 });
    expect(store.listSessions({ search: 'zebra', limit: 20, offset: 0 }).total).toBe(1);
    store.deleteSession(session.id);
    expect(store.listSessions({ search: 'zebra', limit: 20, offset: 0 }).total).toBe(0);
  });

  it('joins Chinese segments without spaces and counts them exactly', () => {
    const session = store.createSession({ title: '会议', providerId: 'funasr' });
    store.appendSegment(session.id, { text: '今天开会。', startMs: 0, endMs: 1000 });
    store.appendSegment(session.id, { text: '讨论预算。', startMs: 1000, endMs: 2000 });
    expect(store.getTranscript(session.id)).toBe('今天开会。讨论预算。');
    expect(store.getSession(session.id)?.transcriptLength).toBe(10);
  });

  it('refuses segments for sessions that are not recording, and bad segments, changing nothing', () => {
    const session = store.createSession({ title: 'x', providerId: 'groq' });
    expect(() => store.appendSegment(session.id, { text: '  ', startMs: 0, endMs: 1 })).toThrow(
      /non-empty text/,
    );
    expect(() => store.appendSegment(session.id, { text: 'a', startMs: 5, endMs: 1 })).toThrow(/startMs/);
    expect(() => store.appendSegment('missing', { text: 'a', startMs: 0, endMs: 1 })).toThrow(
      /no session missing/,
    );
    store.setSessionStatus(session.id, 'completed');
    expect(() => store.appendSegment(session.id, { text: 'a', startMs: 0, endMs: 1 })).toThrow(/completed/);
    expect(store.getSegments(session.id)).toEqual([]);
    expect(store.getSession(session.id)?.transcriptLength).toBe(0);
  });

  it('moves the transcript to storage when recording ends and back when it resumes', () => {
    const session = store.createSession({ title: 'Lecture', providerId: 'soniox' });
    store.appendSegment(session.id, { text: 'Photosynthesis converts light.', startMs: 0, endMs: 2000 });
    store.setSessionStatus(session.id, 'interrupted');
    expect(store.listSessions({ search: 'LIGHT', limit: 20, offset: 0 }).total).toBe(1);

    reopen();
    expect(store.getTranscript(session.id)).toBe('Photosynthesis converts light.');
    store.setSessionStatus(session.id, 'recording');
    store.appendSegment(session.id, { text: 'Chlorophyll absorbs it.', startMs: 2000, endMs: 4000 });
    expect(store.listSessions({ search: 'chlorophyll', limit: 20, offset: 0 }).total).toBe(1);
    store.setSessionStatus(session.id, 'completed');
    reopen();
    expect(store.getTranscript(session.id)).toBe('Photosynthesis converts light. Chlorophyll absorbs it.');
    expect(store.listSessions({ search: 'light. chloro', limit: 20, offset: 0 }).total).toBe(1);
    expect(store.listSessions({ search: 'converts light', limit: 20, offset: 0 }).sessions[0]?.id).toBe(
      session.id,
    );
  });
});

describe('listing and search', () => {
  beforeEach(() => {
    store.putTopic({ id: 'work', name: 'Work', emoji: '💼', description: '' });
    store.putTag({ id: 'red', name: 'Urgent', color: '#ff0000' });
    const data: ImportData = {
      topics: [],
      tags: [],
      sessions: [
        {
          record: importedRecord('a', 1000, { title: 'Budget review', topicId: 'work', tagIds: ['red'] }),
          segments: [
            {
              seq: 0,
              text: 'We discussed the Q3 budget.',
              startMs: 0,
              endMs: 1,
              speaker: null,
              language: null,
            },
          ],
          askHistory: [],
        },
        {
          record: importedRecord('b', 3000, { title: '周会' }),
          segments: [{ seq: 0, text: '我们讨论了预算', startMs: 0, endMs: 1, speaker: null, language: null }],
          askHistory: [],
        },
        {
          record: importedRecord('c', 2000, { title: 'Café Über', status: 'interrupted' }),
          segments: [
            { seq: 0, text: 'ÉCOLE ÜBER ALLES', startMs: 0, endMs: 1, speaker: null, language: null },
          ],
          askHistory: [],
        },
        { record: importedRecord('d', 2000, { title: 'Tie' }), segments: [], askHistory: [] },
      ],
    };
    store.importData(data, 'merge');
  });

  it('orders newest first with ties by id and pages with a total of all matches', () => {
    expect(store.listSessions({ limit: 20, offset: 0 }).sessions.map((s) => s.id)).toEqual([
      'b',
      'c',
      'd',
      'a',
    ]);
    const page = store.listSessions({ limit: 2, offset: 1 });
    expect(page.total).toBe(4);
    expect(page.sessions.map((s) => s.id)).toEqual(['c', 'd']);
  });

  it('filters by status and topic', () => {
    expect(
      store.listSessions({ status: 'interrupted', limit: 20, offset: 0 }).sessions.map((s) => s.id),
    ).toEqual(['c']);
    expect(store.listSessions({ topicId: 'work', limit: 20, offset: 0 }).sessions.map((s) => s.id)).toEqual([
      'a',
    ]);
  });

  it('filters by tag, alone and together with the other filters', () => {
    store.putTag({ id: 'blue', name: 'Calm', color: '#0000ff' });
    store.updateSession('c', { tagIds: ['blue', 'red'] });
    const ids = (query: Partial<SessionQuery>) =>
      store.listSessions({ limit: 20, offset: 0, ...query }).sessions.map((s) => s.id);
    expect(ids({ tagId: 'red' })).toEqual(['c', 'a']);
    expect(ids({ tagId: 'blue' })).toEqual(['c']);
    expect(ids({ tagId: 'red', topicId: 'work' })).toEqual(['a']);
    expect(ids({ tagId: 'red', search: 'über' })).toEqual(['c']);
    expect(ids({ tagId: 'unknown' })).toEqual([]);
    expect(store.listSessions({ tagId: 'red', limit: 1, offset: 0 }).total).toBe(2);
  });

  it('searches title and transcript case-insensitively in any script and any length', () => {
    const ids = (search: string) =>
      store
        .listSessions({ search, limit: 20, offset: 0 })
        .sessions.map((s) => s.id)
        .sort();
    expect(ids('q3 BUDGET')).toEqual(['a']);
    expect(ids('budget')).toEqual(['a']);
    expect(ids('预算')).toEqual(['b']);
    expect(ids('讨论了预')).toEqual(['b']);
    expect(ids('周')).toEqual(['b']);
    expect(ids('了预')).toEqual(['b']);
    expect(ids('论讨')).toEqual([]);
    expect(ids('école')).toEqual(['c']);
    expect(ids('üb')).toEqual(['c']);
    expect(ids('q3')).toEqual(['a']);
    expect(ids('%')).toEqual([]);
    expect(ids('"')).toEqual([]);
    expect(ids('a "quoted" phrase')).toEqual([]);
    expect(ids('nothing like this')).toEqual([]);
  });

  it('finds short Chinese words by index without matching across other text', () => {
    store.importData(
      {
        topics: [],
        tags: [],
        sessions: [
          {
            record: importedRecord('mixed', 5000, { title: 'Mixed' }),
            segments: [
              { seq: 0, text: '你好 world 世界。预算', startMs: 0, endMs: 1, speaker: null, language: null },
            ],
            askHistory: [],
          },
        ],
      },
      'merge',
    );
    const ids = (search: string) =>
      store
        .listSessions({ search, limit: 20, offset: 0 })
        .sessions.map((s) => s.id)
        .sort();
    expect(ids('好世')).toEqual([]);
    expect(ids('世界')).toEqual(['mixed']);
    expect(ids('预算')).toEqual(['b', 'mixed']);
    store.deleteSession('mixed');
    expect(ids('世界')).toEqual([]);
  });

  it('counts sessions per topic and tag, and cleans references when they are deleted', () => {
    expect(store.listTopics()).toEqual([
      { id: 'work', name: 'Work', emoji: '💼', description: '', sessionCount: 1 },
    ]);
    expect(store.listTags()).toEqual([{ id: 'red', name: 'Urgent', color: '#ff0000', sessionCount: 1 }]);
    store.deleteTopic('work');
    store.deleteTag('red');
    reopen();
    expect(store.getSession('a')).toMatchObject({ topicId: null, tagIds: [] });
  });

  it('refuses references to topics and tags that do not exist', () => {
    expect(() => store.updateSession('a', { topicId: 'nope' })).toThrow(/no topic nope/);
    expect(() => store.updateSession('a', { tagIds: ['red', 'nope'] })).toThrow(/no tag nope/);
    expect(store.getSession('a')).toMatchObject({ topicId: 'work', tagIds: ['red'] });
  });

  it('deletes a session with its transcript, segments and Q&A', () => {
    store.putAskEntry('a', {
      id: 'q1',
      question: 'Budget?',
      answer: 'Up 5%.',
      citations: [{ quote: 'Q3 budget', speaker: null }],
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'success',
    });
    expect(store.getAskHistory('a')).toHaveLength(1);
    store.deleteSession('a');
    reopen();
    expect(store.getSession('a')).toBeUndefined();
    expect(store.getAskHistory('a')).toEqual([]);
    expect(store.getSegments('a')).toEqual([]);
    expect(store.listSessions({ search: 'budget', limit: 20, offset: 0 }).total).toBe(0);
  });
});

describe('durability', () => {
  it('keeps Q&A, settings and post-processing across a reopen', () => {
    const session = store.createSession({ title: 't', providerId: 'groq' });
    store.updateSession(session.id, {
      postProcess: {
        summary: 'Short.',
        actionItems: ['Do it'],
        keywords: ['k'],
        chapters: [{ title: 'Intro', startMs: 0, endMs: 10, summary: 's' }],
        status: 'success',
      },
      mindMap: { markdown: '# Map', status: 'success' },
      correctedTranscript: 'Fixed.',
    });
    store.setSetting('apiEnabled', true);
    reopen();
    expect(store.getSession(session.id)).toMatchObject({
      postProcess: { summary: 'Short.', chapters: [{ title: 'Intro', startMs: 0, endMs: 10, summary: 's' }] },
      mindMap: { markdown: '# Map', status: 'success' },
      correctedTranscript: 'Fixed.',
      translatedTranscript: null,
    });
    expect(store.getSetting('apiEnabled')).toBe(true);
  });

  it('rolls memory back when the disk refuses a write, and works again after', () => {
    const session = store.createSession({ title: 'before', providerId: 'groq' });
    // Another connection holding the write lock makes our write fail as a full disk would (after
    // the store's 5 s busy wait).
    const blocker = new DatabaseSync(join(dataDirectory, databaseFileName));
    blocker.exec('BEGIN IMMEDIATE');
    expect(() => store.updateSession(session.id, { title: 'after' })).toThrow(/nothing was changed/);
    expect(store.getSession(session.id)?.title).toBe('before');
    blocker.exec('ROLLBACK');
    blocker.close();
    store.updateSession(session.id, { title: 'after' });
    reopen();
    expect(store.getSession(session.id)?.title).toBe('after');
  });

  it('saves and loads a store of 10,000 sessions (far past SQLite’s bound-parameter limit)', () => {
    const sessions = Array.from({ length: 10_000 }, (_, index) => ({
      record: importedRecord(`s${index}`, index, { tagIds: [] }),
      segments: [
        { seq: 0, text: `transcript number ${index}`, startMs: 0, endMs: 1, speaker: null, language: null },
      ],
      askHistory: [],
    }));
    store.importData({ topics: [], tags: [], sessions }, 'replace');
    reopen();
    expect(store.listSessions({ limit: 1, offset: 0 }).total).toBe(10_000);
    expect(store.getTranscript('s9999')).toBe('transcript number 9999');
    expect(
      store.listSessions({ search: 'number 4242', limit: 5, offset: 0 }).sessions.map((s) => s.id),
    ).toEqual(['s4242']);
  });
});
