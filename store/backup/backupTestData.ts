/** Records and documents for backup tests: complete, and varied where the format has choices. */

import type { AskEntry, Segment, SessionRecord, Tag, Topic } from '../records.ts';
import type { ImportedSession } from './importData.ts';

export const sampleTopics: Topic[] = [
  { id: 'topic-work', name: '工作会议', emoji: '💼', description: 'Weekly meetings — 每周例会' },
  { id: 'topic-study', name: 'Study', emoji: '', description: '' },
];

export const sampleTags: Tag[] = [
  { id: 'tag-urgent', name: '紧急', color: '#ff0000' },
  { id: 'tag-later', name: 'later', color: '' },
];

export function makeRecord(overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: 'session-1',
    title: '产品评审 Product review',
    startedAt: Date.UTC(2026, 10, 22, 1, 15, 0, 250),
    status: 'completed',
    durationMs: 3_600_000,
    providerId: 'P13',
    topicId: 'topic-work',
    tagIds: ['tag-urgent', 'tag-later'],
    transcriptLength: 0,
    translatedTranscript: 'Good morning, everyone.',
    correctedTranscript: null,
    postProcess: {
      summary: '讨论了发布计划。',
      actionItems: ['张伟：准备演示', 'Send the notes'],
      keywords: ['发布', 'release'],
      chapters: [
        { title: '开场', startMs: 0, endMs: 60_000, summary: '问候' },
        { title: 'Roadmap', startMs: 60_000, endMs: 60_000, summary: '' },
      ],
      status: 'success',
    },
    mindMap: { markdown: '# 发布\n- 演示\n- 文档', status: 'success' },
    updatedAt: Date.UTC(2026, 10, 22, 2, 0),
    ...overrides,
  };
}

export function makeSegments(): Segment[] {
  return [
    { seq: 0, text: '大家早上好。', startMs: 0, endMs: 1_500, speaker: '张伟', language: 'zh' },
    { seq: 1, text: 'Good morning.', startMs: 1_500, endMs: 2_750, speaker: 'Speaker 2', language: 'en' },
    {
      seq: 2,
      text: '"Quotes", \\ and \n newlines',
      startMs: 2_750,
      endMs: 2_750,
      speaker: null,
      language: null,
    },
    { seq: 3, text: '😀 emoji 𠮷', startMs: 3_000, endMs: 4_000, speaker: null, language: 'zh' },
  ];
}

export function makeAskHistory(): AskEntry[] {
  return [
    {
      id: 'ask-1',
      question: '谁负责演示？',
      answer: '张伟。',
      citations: [
        { quote: '张伟：准备演示', speaker: '张伟' },
        { quote: 'Good morning.', speaker: null },
      ],
      createdAt: '2026-11-22T10:00:00.000+08:00',
      status: 'success',
    },
    {
      id: 'ask-2',
      question: 'Pending?',
      answer: '',
      citations: [],
      createdAt: '2026-11-22T02:01:00Z',
      status: 'pending',
    },
  ];
}

export function makeImportedSession(overrides: Partial<SessionRecord> = {}): ImportedSession {
  return { record: makeRecord(overrides), segments: makeSegments(), askHistory: makeAskHistory() };
}

/** A valid version 1 document as a plain object, for tests to break one field at a time. */
export function makeDocument(): Record<string, unknown> & { sessions: Array<Record<string, unknown>> } {
  return {
    format: 'earshot-backup',
    version: 1,
    exportedAt: '2026-11-22T09:30:00.000+08:00',
    topics: [{ id: 'topic-work', name: '工作', emoji: '💼', description: '' }],
    tags: [{ id: 'tag-urgent', name: '紧急', color: '#f00' }],
    sessions: [
      {
        id: 'session-1',
        title: '会议',
        startedAt: '2026-11-22T09:15:00.000+08:00',
        status: 'completed',
        durationMs: 60_000,
        providerId: 'P13',
        topicId: 'topic-work',
        tagIds: ['tag-urgent'],
        segments: [
          { text: '你好', startMs: 0, endMs: 1_000, speaker: '张伟', language: 'zh' },
          { text: 'world', startMs: 1_000, endMs: 2_000 },
        ],
      },
    ],
  };
}
