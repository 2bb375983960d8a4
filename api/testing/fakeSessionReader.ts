/**
 * An in-memory SessionReader with a handful of sessions, for the API tests. It follows the
 * contract in store/records.ts (newest first, ties by id, case-insensitive search in title and
 * transcript) and records every list query so tests can see what the API asked for.
 */
import {
  listedSession,
  type AskEntry,
  type PostProcess,
  type Segment,
  type SessionPage,
  type SessionQuery,
  type SessionReader,
  type SessionRecord,
  type Tag,
  type Topic,
} from '../../store/records.ts';
import type { SpeakerNames } from '../../store/speakerNames.ts';

export interface FakeSession {
  record: SessionRecord;
  segments: Segment[];
  askHistory: AskEntry[];
  /** Absent for none. */
  speakerNames?: SpeakerNames;
}

export interface FakeSessionReader extends SessionReader {
  readonly listQueries: SessionQuery[];
}

function emptyPostProcess(): PostProcess {
  return { summary: '', actionItems: [], keywords: [], chapters: [], status: 'none' };
}

/** 2024-05-06 09:30:15.250 in Shanghai (UTC+8). */
const standupStart = Date.UTC(2024, 4, 6, 1, 30, 15, 250);
/** 2024-03-11 00:30 in Shanghai: the UTC date is the day before, the hour must not read "24". */
const reviewStart = Date.UTC(2024, 2, 10, 16, 30, 0, 0);

export const standupSession: FakeSession = {
  record: {
    id: 'session-standup',
    title: 'Weekly stand-up',
    startedAt: standupStart,
    status: 'completed',
    durationMs: 754_000,
    providerId: 'p01',
    topicId: 'topic-work',
    tagIds: ['tag-team'],
    transcriptLength: 'Good morning everyone. Release is on Friday.'.length,
    translatedTranscript: '大家早上好。周五发布。',
    correctedTranscript: 'Good morning, everyone. The release is on Friday.',
    postProcess: {
      summary: 'The team agreed to release on Friday.',
      actionItems: ['Tag the release', 'Write the notes'],
      keywords: ['release', 'Friday'],
      chapters: [{ title: 'Greeting', startMs: 0, endMs: 1800, summary: 'Hello.' }],
      status: 'success',
    },
    mindMap: { markdown: '# Stand-up\n- Release Friday', status: 'success' },
    updatedAt: standupStart + 800_000,
  },
  segments: [
    { seq: 0, text: 'Good morning everyone.', startMs: 0, endMs: 1800, speaker: 'S1', language: 'en' },
    { seq: 1, text: 'Release is on Friday.', startMs: 1800, endMs: 3900, speaker: 'S2', language: null },
  ],
  askHistory: [
    {
      id: 'ask-1',
      question: 'When is the release?',
      answer: 'On Friday.',
      citations: [{ quote: 'Release is on Friday.', speaker: 'S2' }],
      createdAt: '2024-05-06T02:00:00.000Z',
      status: 'success',
    },
  ],
};

const reviewTranscript = '我们今天讨论新版本的发布计划𠮷。';

export const chineseSession: FakeSession = {
  record: {
    id: '评审-1',
    title: '产品评审会议',
    startedAt: reviewStart,
    status: 'completed',
    durationMs: 61_500.5,
    providerId: 'p02',
    topicId: null,
    tagIds: [],
    // Code points, not UTF-16 units: "𠮷" is one code point but two units.
    transcriptLength: [...reviewTranscript].length,
    translatedTranscript: null,
    correctedTranscript: null,
    postProcess: { ...emptyPostProcess(), summary: '   ' },
    mindMap: { markdown: '', status: 'none' },
    updatedAt: reviewStart + 70_000,
  },
  segments: [
    { seq: 0, text: '我们今天讨论', startMs: 0, endMs: 1500, speaker: null, language: 'zh' },
    { seq: 1, text: '新版本的发布计划𠮷。', startMs: 1500, endMs: 4200, speaker: null, language: 'zh' },
  ],
  askHistory: [
    {
      id: 'ask-2',
      question: '发布时间？',
      answer: '',
      citations: [],
      createdAt: '2024-03-10T17:00:00.000Z',
      status: 'pending',
    },
  ],
};

export const liveSession: FakeSession = {
  record: {
    id: 'session-live',
    title: 'Recording now',
    startedAt: Date.UTC(2024, 5, 1, 12, 0, 0, 0),
    status: 'recording',
    durationMs: 0,
    providerId: 'p09',
    topicId: 'topic-work',
    tagIds: ['tag-team', 'tag-urgent'],
    transcriptLength: 0,
    translatedTranscript: null,
    correctedTranscript: null,
    postProcess: emptyPostProcess(),
    mindMap: { markdown: '', status: 'none' },
    updatedAt: Date.UTC(2024, 5, 1, 12, 0, 5, 0),
  },
  segments: [],
  askHistory: [],
};

export const interruptedSession: FakeSession = {
  record: {
    id: 'session-interrupted',
    title: 'Dentist call',
    startedAt: Date.UTC(2024, 0, 15, 8, 5, 0, 0),
    status: 'interrupted',
    durationMs: 12_000,
    providerId: 'p14',
    topicId: 'topic-personal',
    tagIds: [],
    transcriptLength: 'Tuesday at four works.'.length,
    translatedTranscript: null,
    correctedTranscript: null,
    postProcess: { ...emptyPostProcess(), status: 'error' },
    mindMap: { markdown: '', status: 'pending' },
    updatedAt: Date.UTC(2024, 0, 15, 8, 5, 12, 0),
  },
  segments: [
    { seq: 0, text: 'Tuesday at four works.', startMs: 0, endMs: 2000, speaker: null, language: 'en' },
  ],
  askHistory: [],
};

export const fakeTopics: Topic[] = [
  { id: 'topic-work', name: 'Work', emoji: '💼', description: 'Meetings at work' },
  { id: 'topic-personal', name: '个人', emoji: '🏠', description: '' },
  { id: 'topic-empty', name: 'Empty', emoji: '📦', description: 'No sessions yet' },
];

export const fakeTags: Tag[] = [
  { id: 'tag-team', name: 'team', color: 'blue' },
  { id: 'tag-urgent', name: '紧急', color: '#ff0000' },
  { id: 'tag-unused', name: 'unused', color: 'gray' },
];

export const allFakeSessions = [standupSession, chineseSession, liveSession, interruptedSession];

export function createFakeSessionReader(sessions: FakeSession[] = allFakeSessions): FakeSessionReader {
  const byId = new Map(sessions.map((session) => [session.record.id, session]));
  const listQueries: SessionQuery[] = [];
  const transcriptOf = (id: string) =>
    (byId.get(id)?.segments ?? []).map((segment) => segment.text).join(isChinese(id) ? '' : ' ');

  return {
    listQueries,
    listSessions(query: SessionQuery): SessionPage {
      listQueries.push(query);
      const needle = query.search?.toLowerCase();
      const matches = sessions
        .map((session) => session.record)
        .filter((record) => query.status === undefined || record.status === query.status)
        .filter((record) => query.topicId === undefined || record.topicId === query.topicId)
        .filter(
          (record) =>
            needle === undefined ||
            needle === '' ||
            record.title.toLowerCase().includes(needle) ||
            transcriptOf(record.id).toLowerCase().includes(needle),
        )
        .sort((left, right) => right.startedAt - left.startedAt || left.id.localeCompare(right.id));
      return {
        sessions: matches.slice(query.offset, query.offset + query.limit).map(listedSession),
        total: matches.length,
      };
    },
    getSession: (id) => byId.get(id)?.record,
    getSegments: (id) => byId.get(id)?.segments ?? [],
    getTranscript: transcriptOf,
    getAskHistory: (id) => byId.get(id)?.askHistory ?? [],
    getSpeakerNames: (id) => byId.get(id)?.speakerNames ?? {},
    // The extra field stands for anything the store may add later; the API must not pass it on.
    listTopics: () =>
      fakeTopics.map((topic) => ({
        ...topic,
        internalNote: 'not for the API',
        sessionCount: sessions.filter((session) => session.record.topicId === topic.id).length,
      })),
    listTags: () =>
      fakeTags.map((tag) => ({
        ...tag,
        internalNote: 'not for the API',
        sessionCount: sessions.filter((session) => session.record.tagIds.includes(tag.id)).length,
      })),
  };

  function isChinese(id: string): boolean {
    return byId.get(id)?.segments.some((segment) => segment.language === 'zh') ?? false;
  }
}
