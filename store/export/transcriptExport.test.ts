import { describe, expect, it } from 'vitest';
import { formatWithOffset } from '../offsetTimestamp.ts';
import type { SessionRecord } from '../records.ts';
import { emptyMindMap, emptyPostProcess } from '../sessionStore.ts';
import {
  isTranscriptExportFormat,
  toJson,
  toMarkdown,
  toText,
  transcriptFileFormats,
  type SessionExport,
} from './transcriptExport.ts';

const startedAt = Date.UTC(2024, 4, 6, 9, 30);

const session: SessionRecord = {
  id: 'session-1',
  title: 'Weekly\nstand-up',
  startedAt,
  status: 'completed',
  durationMs: 754_000,
  providerId: 'deepgram',
  topicId: 'topic-work',
  tagIds: ['tag-team', 'tag-urgent'],
  transcriptLength: 40,
  translatedTranscript: null,
  correctedTranscript: null,
  postProcess: emptyPostProcess,
  mindMap: emptyMindMap,
  updatedAt: startedAt,
};

const plain: SessionExport = {
  session,
  topic: { id: 'topic-work', name: 'Work', emoji: '💼', description: '' },
  tags: [
    { id: 'tag-team', name: 'Team', color: '#00aa00' },
    { id: 'tag-urgent', name: 'Urgent', color: '#aa0000' },
  ],
  segments: [
    { seq: 0, text: 'Good morning.', startMs: 1_000, endMs: 4_000, speaker: 'Ana', language: 'en' },
    { seq: 1, text: 'Let us start.', startMs: 3_725_000, endMs: 3_727_000, speaker: null, language: 'en' },
  ],
  speakerNames: {},
  appAddress: null,
};

/** Two speakers, one of them named, and the app's address known. */
const named: SessionExport = {
  ...plain,
  segments: [
    { seq: 0, text: 'Good morning.', startMs: 1_000, endMs: 4_000, speaker: 'Speaker 1', language: 'en' },
    { seq: 1, text: 'Morning!', startMs: 4_500, endMs: 5_250, speaker: 'Speaker 2', language: 'en' },
  ],
  speakerNames: { 'Speaker 1': 'Alice *A.*' },
  appAddress: 'http://127.0.0.1:23456',
};

const enriched: SessionExport = {
  ...plain,
  topic: null,
  tags: [],
  session: {
    ...session,
    translatedTranscript: 'Buenos días. Empecemos.',
    correctedTranscript: 'Good morning. Let’s start.',
    postProcess: {
      summary: 'A short stand-up.',
      actionItems: ['Send the notes', 'Book the room'],
      keywords: ['stand-up', 'notes'],
      chapters: [{ title: 'Opening', startMs: 0, endMs: 65_000, summary: 'Greetings.' }],
      status: 'success',
    },
  },
};

describe('plain text', () => {
  it('is the title, a blank line, then one timed line per segment with the speaker when known', () => {
    expect(toText(plain)).toBe(
      'Weekly stand-up\n\n[00:00:01] Ana: Good morning.\n[01:02:05] Let us start.\n',
    );
  });
});

describe('Markdown', () => {
  it('has the title, the facts and the transcript, and no empty sections', () => {
    expect(toMarkdown(plain)).toBe(
      [
        '# Weekly stand-up',
        '',
        `- Date: ${formatWithOffset(startedAt)}`,
        '- Duration: 00:12:34',
        '- Provider: deepgram',
        '- Topic: Work',
        '- Tags: Team, Urgent',
        '- Status: completed',
        '',
        '## Transcript',
        '',
        '[00:00:01] **Ana:** Good morning.',
        '',
        '[01:02:05] Let us start.',
        '',
      ].join('\n'),
    );
  });

  it('adds the translation, the corrected transcript and the summary’s parts when the session has them', () => {
    const markdown = toMarkdown(enriched);
    expect(markdown).not.toContain('- Topic:');
    expect(markdown).not.toContain('- Tags:');
    expect(markdown).toContain(
      [
        '## Translation',
        '',
        'Buenos días. Empecemos.',
        '',
        '## Corrected transcript',
        '',
        'Good morning. Let’s start.',
        '',
        '## Summary',
        '',
        'A short stand-up.',
        '',
        '## Action items',
        '',
        '- Send the notes',
        '- Book the room',
        '',
        '## Keywords',
        '',
        'stand-up, notes',
        '',
        '## Chapters',
        '',
        '- 00:00:00–00:01:05 **Opening**: Greetings.',
        '',
      ].join('\n'),
    );
    expect(markdown.indexOf('## Transcript')).toBeLessThan(markdown.indexOf('## Translation'));
  });

  it("links each time to its moment in the app, and shows the speakers' names", () => {
    expect(toMarkdown(named)).toContain(
      [
        '## Transcript',
        '',
        '[00:00:01](http://127.0.0.1:23456/#/sessions/session-1?t=1) **Alice \\*A.\\*:** Good morning.',
        '',
        '[00:00:04](http://127.0.0.1:23456/#/sessions/session-1?t=4.5) **Speaker 2:** Morning!',
      ].join('\n'),
    );
  });

  it('escapes a session id in the link', () => {
    const odd = { ...named, session: { ...session, id: 'a b/c?' } };
    expect(toMarkdown(odd)).toContain('(http://127.0.0.1:23456/#/sessions/a%20b%2Fc%3F?t=1)');
  });

  it('keeps the transcript heading for a session without segments', () => {
    expect(toMarkdown({ ...plain, segments: [] })).toMatch(/- Status: completed\n\n## Transcript\n$/);
  });
});

describe('JSON', () => {
  it('holds the record, the topic, the tags, the speaker names and the segments', () => {
    expect(JSON.parse(toJson(plain))).toEqual({
      session,
      topic: plain.topic,
      tags: plain.tags,
      speakerNames: {},
      segments: [
        { ...plain.segments[0], speakerName: 'Ana' },
        { ...plain.segments[1], speakerName: null },
      ],
    });
    expect(toJson(plain)).toMatch(/^\{\n {2}"session": \{\n {4}"id": "session-1"/);
  });

  it("lists each segment's timed words, a labelled word with its speaker's name", () => {
    const words = [
      { text: 'Good', startMs: 1_000, endMs: 1_400, speaker: 'Speaker 1', confidence: 0.97 },
      { text: 'morning.', startMs: 1_500, endMs: 4_000 },
    ];
    const [first, second] = named.segments;
    if (first === undefined || second === undefined) throw new Error('The named session has two segments.');
    const json = JSON.parse(toJson({ ...named, segments: [{ ...first, words }, second] })) as {
      segments: Array<Record<string, unknown>>;
    };
    expect(json.segments[0]?.words).toEqual([
      { ...words[0], speakerName: 'Alice *A.*' },
      { text: 'morning.', startMs: 1_500, endMs: 4_000 },
    ]);
    expect(json.segments[1]).not.toHaveProperty('words');
  });
});

describe('speaker names', () => {
  it('replace the labels in text, SubRip and WebVTT; JSON keeps the label beside the name', () => {
    expect(toText(named)).toContain('[00:00:01] Alice *A.*: Good morning.\n[00:00:04] Speaker 2: Morning!');
    expect(transcriptFileFormats.srt.render(named)).toBe(
      [
        '1',
        '00:00:01,000 --> 00:00:04,000',
        'Alice *A.*: Good morning.',
        '',
        '2',
        '00:00:04,500 --> 00:00:05,250',
        'Speaker 2: Morning!',
        '',
      ].join('\n'),
    );
    expect(transcriptFileFormats.vtt.render(named)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:04.000',
        '<v Alice *A.*>Good morning.',
        '',
        '00:00:04.500 --> 00:00:05.250',
        '<v Speaker 2>Morning!',
        '',
      ].join('\n'),
    );
    const json = JSON.parse(toJson(named)) as { segments: Array<{ speaker: string; speakerName: string }> };
    expect(json.segments.map(({ speaker, speakerName }) => [speaker, speakerName])).toEqual([
      ['Speaker 1', 'Alice *A.*'],
      ['Speaker 2', 'Speaker 2'],
    ]);
  });
});

describe('the formats', () => {
  it('name their extension and content type, and render their own format', () => {
    expect(Object.keys(transcriptFileFormats)).toEqual(['txt', 'md', 'srt', 'vtt', 'json']);
    expect(transcriptFileFormats.vtt.contentType).toBe('text/vtt; charset=utf-8');
    expect(transcriptFileFormats.srt.render(plain)).toMatch(/^1\n00:00:01,000 --> 00:00:04,000\nAna: /);
    expect(transcriptFileFormats.vtt.render(plain)).toMatch(/^WEBVTT\n\n00:00:01\.000 --> /);
    expect(isTranscriptExportFormat('md')).toBe(true);
    expect(isTranscriptExportFormat('docx')).toBe(false);
  });
});
