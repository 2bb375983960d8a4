import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SessionRecord } from '../records.ts';
import { emptyMindMap, emptyPostProcess } from '../sessionStore.ts';
import { noteMarker, sessionIdOfNote, toSessionNote, userPartOf } from './sessionNote.ts';
import type { SessionExport } from './transcriptExport.ts';

const startedAt = Date.UTC(2024, 4, 6, 9, 30);

const session: SessionRecord = {
  id: '1f0c9a2b-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  title: 'Weekly stand-up',
  startedAt,
  status: 'completed',
  durationMs: 754_000,
  providerId: 'deepgram',
  topicId: 'topic-work',
  tagIds: ['tag-team'],
  transcriptLength: 40,
  translatedTranscript: null,
  correctedTranscript: null,
  postProcess: emptyPostProcess,
  mindMap: emptyMindMap,
  updatedAt: startedAt,
};

const input: SessionExport = {
  session,
  topic: { id: 'topic-work', name: 'Work', emoji: '💼', description: '' },
  tags: [
    { id: 'tag-team', name: 'Q3 planning', color: '#00aa00' },
    { id: 'tag-year', name: '2024', color: '#00aa00' },
  ],
  segments: [
    { seq: 0, text: 'Good morning.', startMs: 1_000, endMs: 4_000, speaker: 'Speaker 1', language: 'en' },
    { seq: 1, text: 'Morning!', startMs: 4_500, endMs: 5_250, speaker: 'Speaker 2', language: 'en' },
    { seq: 2, text: 'Let us start.', startMs: 6_000, endMs: 8_000, speaker: 'Speaker 1', language: 'en' },
  ],
  speakerNames: { 'Speaker 1': 'Alice' },
  appAddress: 'http://127.0.0.1:23456',
};

const digested: SessionExport = {
  ...input,
  session: {
    ...session,
    postProcess: {
      summary: 'A short stand-up.\n\nEveryone is on track.',
      actionItems: ['Send the notes', 'Book the\nroom'],
      keywords: ['stand-up', 'notes'],
      chapters: [{ title: 'Opening', startMs: 65_000, endMs: 120_000, summary: 'Greetings.' }],
      status: 'success',
    },
  },
};

function frontMatterOf(note: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(note);
  expect(match).not.toBeNull();
  return parse(match?.[1] ?? '') as Record<string, unknown>;
}

const link = (seconds: number) => `http://127.0.0.1:23456/#/sessions/${session.id}?t=${seconds}`;

describe('a session as a note', () => {
  it('starts with front matter that names the session, then the transcript and the marker line', () => {
    const note = toSessionNote(input, '');
    expect(frontMatterOf(note)).toEqual({
      title: 'Weekly stand-up',
      date: expect.stringMatching(/^2024-05-06T\d\d:30:00[+-]\d\d:\d\d$/) as unknown,
      duration: '00:12:34',
      provider: 'deepgram',
      topic: 'Work',
      tags: ['Q3-planning', '_2024'],
      speakers: ['Alice', 'Speaker 2'],
      keywords: [],
      session: session.id,
      status: 'completed',
    });
    expect(note.slice(note.indexOf('\n---\n') + 5)).toBe(
      [
        '',
        '# Weekly stand-up',
        '',
        '## Transcript',
        '',
        `[00:00:01](${link(1)}) **Alice:** Good morning.`,
        '',
        `[00:00:04](${link(4.5)}) **Speaker 2:** Morning!`,
        '',
        `[00:00:06](${link(6)}) **Alice:** Let us start.`,
        '',
        noteMarker,
        '',
      ].join('\n'),
    );
  });

  it('shows the summary, action items as task boxes and chapters with their time links', () => {
    const note = toSessionNote(digested, '');
    expect(note).toContain('## Summary\n\nA short stand-up.\n\nEveryone is on track.\n\n## Action items\n\n');
    expect(note).toContain('- [ ] Send the notes\n- [ ] Book the room\n\n## Chapters\n\n');
    expect(note).toContain(`- [00:01:05](${link(65)}) **Opening**: Greetings.\n\n## Transcript`);
    expect(frontMatterOf(note).keywords).toEqual(['stand-up', 'notes']);
  });

  it('quotes hostile titles, names and topics so that the front matter reads back as they are', () => {
    const hostile = [
      '---',
      'Title: with a colon # and a hash',
      'yes',
      '00:12:34',
      '"quoted" \'single\' \\ back',
      'two\nlines\r\nand\ttab',
      '- [ ] not a task',
      '{ flow: map }',
      '&anchor *alias !tag %directive @at `tick`',
      '会議 😀',
    ];
    for (const text of hostile) {
      const note = toSessionNote(
        {
          ...input,
          session: { ...session, title: text },
          topic: { id: 'topic-work', name: text, emoji: '', description: '' },
          speakerNames: { 'Speaker 1': text },
        },
        '',
      );
      const fields = frontMatterOf(note);
      expect(fields.title).toBe(text);
      expect(fields.topic).toBe(text);
      expect(fields.speakers).toEqual([text, 'Speaker 2']);
      expect(fields.session).toBe(session.id);
      // The front matter ends where it should: the heading follows it.
      expect(note).toMatch(/\n---\n\n# /);
    }
  });

  it('keeps a summary line that copies the marker from moving the marker', () => {
    const sly: SessionExport = {
      ...digested,
      session: { ...digested.session, postProcess: { ...digested.session.postProcess, summary: noteMarker } },
    };
    const note = toSessionNote(sly, 'mine\n');
    expect(userPartOf(note)).toBe('mine\n');
  });
});

describe("the user's part of a note", () => {
  it('is everything below the marker line, exactly, line endings and all', () => {
    const user = '\n## My notes\r\n\n- call Bob  \n\n<!-- my own comment -->\nno newline at the end';
    const note = toSessionNote(input, user);
    expect(note.endsWith(`${noteMarker}\n${user}`)).toBe(true);
    expect(userPartOf(note)).toBe(user);
    expect(userPartOf(toSessionNote(digested, userPartOf(note) ?? ''))).toBe(user);
  });

  it('is found after a marker line an editor gave a Windows line ending', () => {
    expect(userPartOf(`above\r\n${noteMarker}\r\nbelow\r\n`)).toBe('below\r\n');
    expect(userPartOf(`above\n${noteMarker}`)).toBe('');
  });

  it('is undefined when the marker line is gone', () => {
    expect(userPartOf('# Weekly stand-up\n\nSomeone deleted the marker.\n')).toBeUndefined();
    expect(userPartOf(`text ${noteMarker}\n`)).toBeUndefined();
  });
});

describe("a note's session id", () => {
  it('is read from the front matter, and is undefined for other files', () => {
    expect(sessionIdOfNote(toSessionNote(input, ''))).toBe(session.id);
    expect(sessionIdOfNote('# A note of my own\n')).toBeUndefined();
    expect(sessionIdOfNote('---\nsession: [unclosed\n---\n')).toBeUndefined();
    expect(sessionIdOfNote('---\nsession: 42\n---\n')).toBeUndefined();
  });
});
