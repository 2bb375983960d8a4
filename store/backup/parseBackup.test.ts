import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BackupFormatError } from './backupFormatError.ts';
import { makeDocument } from './backupTestData.ts';
import { parseBackup } from './parseBackup.ts';
import type { ParseBackupOptions } from './parseBackup.ts';

type Document = ReturnType<typeof makeDocument>;

function firstSession(document: Document): Record<string, unknown> {
  const session = document.sessions[0];
  if (session === undefined) throw new Error('the sample document has a session');
  return session;
}

/** The issues a document is refused with; fails the test when it is accepted. */
function refusalOf(text: string, options: ParseBackupOptions = {}): BackupFormatError {
  try {
    parseBackup(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(BackupFormatError);
    return error as BackupFormatError;
  }
  throw new Error('the document was accepted');
}

function issuesOf(document: unknown, options: ParseBackupOptions = {}): string[] {
  return refusalOf(JSON.stringify(document), options).issues;
}

function withSession(change: (session: Record<string, unknown>) => void): Document {
  const document = makeDocument();
  change(firstSession(document));
  return document;
}

describe('parseBackup accepts', () => {
  it('a minimal document, filling in the defaults of absent optional fields', () => {
    const data = parseBackup(JSON.stringify(makeDocument()), { now: new Date(5_000) });
    expect(data.topics).toEqual([{ id: 'topic-work', name: '工作', emoji: '💼', description: '' }]);
    expect(data.tags).toEqual([{ id: 'tag-urgent', name: '紧急', color: '#f00' }]);
    const [session] = data.sessions;
    expect(session?.record).toEqual({
      id: 'session-1',
      title: '会议',
      startedAt: Date.UTC(2026, 10, 22, 1, 15),
      status: 'completed',
      durationMs: 60_000,
      providerId: 'P13',
      topicId: 'topic-work',
      tagIds: ['tag-urgent'],
      transcriptLength: 0,
      translatedTranscript: null,
      correctedTranscript: null,
      postProcess: { summary: '', actionItems: [], keywords: [], chapters: [], status: 'none' },
      mindMap: { markdown: '', status: 'none' },
      updatedAt: 5_000,
    });
    expect(session?.segments).toEqual([
      { seq: 0, text: '你好', startMs: 0, endMs: 1_000, speaker: '张伟', language: 'zh' },
      { seq: 1, text: 'world', startMs: 1_000, endMs: 2_000, speaker: null, language: null },
    ]);
    expect(session?.askHistory).toEqual([]);
  });

  it('defaults the missing parts of a partial postProcess and mindMap', () => {
    const document = withSession((session) => {
      session.postProcess = { summary: '摘要' };
      session.mindMap = { status: 'pending' };
    });
    const record = parseBackup(JSON.stringify(document)).sessions[0]?.record;
    expect(record?.postProcess).toEqual({
      summary: '摘要',
      actionItems: [],
      keywords: [],
      chapters: [],
      status: 'none',
    });
    expect(record?.mindMap).toEqual({ markdown: '', status: 'pending' });
  });

  it('unknown extra fields at every level, and drops them', () => {
    const document = makeDocument();
    document.comment = 'from a newer build';
    (document.topics as Array<Record<string, unknown>>)[0]!.icon = 'x';
    (document.tags as Array<Record<string, unknown>>)[0]!.order = 3;
    const session = firstSession(document);
    session.transcriptLength = 99;
    session.rating = 5;
    (session.segments as Array<Record<string, unknown>>)[0]!.confidence = 0.9;
    session.postProcess = { summary: '', status: 'success', model: 'x' };
    session.askHistory = [
      {
        id: 'a',
        question: 'q',
        answer: 'a',
        citations: [{ quote: 'q', speaker: null, offset: 3 }],
        createdAt: '2026-11-22T01:00:00Z',
        status: 'success',
        tokens: 12,
      },
    ];
    const data = parseBackup(JSON.stringify(document), { now: new Date(0) });
    expect(data.topics[0]).toEqual({ id: 'topic-work', name: '工作', emoji: '💼', description: '' });
    expect(data.tags[0]).toEqual({ id: 'tag-urgent', name: '紧急', color: '#f00' });
    const imported = data.sessions[0];
    expect(imported?.record).not.toHaveProperty('rating');
    expect(imported?.record.transcriptLength).toBe(0);
    expect(imported?.segments[0]).not.toHaveProperty('confidence');
    expect(imported?.record.postProcess).not.toHaveProperty('model');
    expect(imported?.askHistory[0]).not.toHaveProperty('tokens');
    expect(imported?.askHistory[0]?.citations).toEqual([{ quote: 'q', speaker: null }]);
  });

  it('plain-string citations, as quotes with no speaker', () => {
    const document = withSession((session) => {
      session.askHistory = [
        {
          id: 'a',
          question: '谁？',
          answer: '张伟',
          citations: ['大家早上好。', { quote: 'Good morning.', speaker: 'Speaker 2' }, { quote: 'x' }],
          createdAt: '2026-11-22T09:16:00+08:00',
          status: 'success',
        },
      ];
    });
    expect(parseBackup(JSON.stringify(document)).sessions[0]?.askHistory[0]?.citations).toEqual([
      { quote: '大家早上好。', speaker: null },
      { quote: 'Good morning.', speaker: 'Speaker 2' },
      { quote: 'x', speaker: null },
    ]);
  });

  it('a file saved with a byte order mark', () => {
    expect(parseBackup(`\uFEFF${JSON.stringify(makeDocument())}`).sessions).toHaveLength(1);
  });

  it("references to the store's topics and tags when they are given as known", () => {
    const document = withSession((session) => {
      session.topicId = 'stored-topic';
      session.tagIds = ['tag-urgent', 'stored-tag'];
    });
    const data = parseBackup(JSON.stringify(document), {
      knownTopicIds: new Set(['stored-topic']),
      knownTagIds: new Set(['stored-tag']),
    });
    expect(data.sessions[0]?.record.topicId).toBe('stored-topic');
  });

  it('a session without a topic or tags', () => {
    const document = withSession((session) => {
      session.topicId = null;
      session.tagIds = [];
    });
    expect(parseBackup(JSON.stringify(document)).sessions[0]?.record.topicId).toBeNull();
  });
});

describe('parseBackup refuses, naming the field', () => {
  it('invalid JSON, saying where', () => {
    expect(refusalOf('{"format": "earshot-backup",\n  "version": 1,}').issues).toEqual([
      '(document): not valid JSON at line 2, column 16: expected double-quoted property name',
    ]);
    expect(refusalOf('{"format": ').issues).toEqual(['(document): not valid JSON: it ends too early']);
  });

  it('a file that is not JSON at all, without quoting any of it', () => {
    const passwd = 'root:x:0:0:root:/root:/bin/bash\nowner:hunter2-secret:1000:1000::/home/owner:/bin/sh\n';
    const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n';
    for (const text of [passwd, key, '{"sessions": tru-secret}', 'apiKey=sk-live-1234']) {
      const { message } = refusalOf(text);
      expect(message).toMatch(/^This is not a valid Earshot backup:\n {2}\(document\): not valid JSON/);
      for (const piece of ['root', 'hunter2', 'BEGIN', 'OPENSSH', 'tru', 'secret', 'apiKey', 'sk-live']) {
        expect(message).not.toContain(piece);
      }
    }
  });

  it('a document that is not an object', () => {
    expect(issuesOf([1, 2])).toEqual(['(document): expected an object, got an array']);
    expect(issuesOf(null)).toEqual(['(document): expected an object, got null']);
  });

  it('another format', () => {
    const document = { ...makeDocument(), format: 'other-app' };
    expect(issuesOf(document)).toEqual([
      'format: expected "earshot-backup", got "other-app"; this is not an Earshot backup',
    ]);
  });

  it('version 2, saying which versions this build reads', () => {
    const error = (() => {
      try {
        parseBackup(JSON.stringify({ ...makeDocument(), version: 2, sessions: 'anything' }));
      } catch (caught) {
        return caught as BackupFormatError;
      }
      throw new Error('version 2 was accepted');
    })();
    expect(error.issues).toEqual(['version: this build reads backup version 1 only, got 2']);
    expect(error.message).toContain('version: this build reads backup version 1 only, got 2');
  });

  it('a missing or non-numeric version', () => {
    const { version: _version, ...unversioned } = makeDocument();
    expect(issuesOf(unversioned)).toEqual(['version: this build reads backup version 1 only, got nothing']);
    expect(issuesOf({ ...makeDocument(), version: '1' })).toEqual([
      'version: this build reads backup version 1 only, got "1"',
    ]);
  });

  it('a startedAt without an offset', () => {
    const document = withSession((session) => (session.startedAt = '2026-11-22T09:15:00.000'));
    expect(issuesOf(document)).toEqual([
      'sessions[0].startedAt: expected an ISO 8601 date-time with an offset or Z, e.g. 2026-11-22T09:15:00.000+08:00, got "2026-11-22T09:15:00.000"',
    ]);
  });

  it('an exportedAt or an ask createdAt without an offset', () => {
    const document = withSession((session) => {
      session.askHistory = [
        { id: 'a', question: '', answer: '', citations: [], createdAt: '2026-11-22', status: 'error' },
      ];
    });
    document.exportedAt = 1_700_000_000_000;
    expect(issuesOf(document)).toEqual([
      'exportedAt: expected an ISO 8601 date-time with an offset or Z, e.g. 2026-11-22T09:15:00.000+08:00, got 1700000000000',
      'sessions[0].askHistory[0].createdAt: expected an ISO 8601 date-time with an offset or Z, e.g. 2026-11-22T09:15:00.000+08:00, got "2026-11-22"',
    ]);
  });

  it('negative and non-numeric times', () => {
    const document = withSession((session) => {
      session.durationMs = -1;
      session.segments = [
        { text: 'a', startMs: -5, endMs: 10 },
        { text: 'b', startMs: '10', endMs: 20 },
      ];
    });
    expect(issuesOf(document)).toEqual([
      'sessions[0].durationMs: expected a number ≥ 0, got -1',
      'sessions[0].segments[0].startMs: expected a number ≥ 0, got -5',
      'sessions[0].segments[1].startMs: expected a number ≥ 0, got "10"',
    ]);
  });

  it('a segment or chapter that ends before it starts', () => {
    const document = withSession((session) => {
      session.segments = [{ text: 'a', startMs: 500, endMs: 499 }];
      session.postProcess = { chapters: [{ title: 't', startMs: 10, endMs: 0, summary: '' }] };
    });
    expect(issuesOf(document)).toEqual([
      'sessions[0].segments[0].endMs: expected a number ≥ startMs (500), got 499',
      'sessions[0].postProcess.chapters[0].endMs: expected a number ≥ startMs (10), got 0',
    ]);
  });

  it('statuses outside their sets', () => {
    const document = withSession((session) => {
      session.status = 'done';
      session.postProcess = { status: 'success!' };
      session.mindMap = { status: 'pending', markdown: 7 };
      session.askHistory = [
        {
          id: 'a',
          question: '',
          answer: '',
          citations: [],
          createdAt: '2026-11-22T00:00:00Z',
          status: 'none',
        },
      ];
    });
    expect(issuesOf(document)).toEqual([
      'sessions[0].status: expected one of "recording", "completed", "interrupted", got "done"',
      'sessions[0].postProcess.status: expected one of "none", "pending", "success", "error", got "success!"',
      'sessions[0].mindMap.markdown: expected a string, got 7',
      'sessions[0].askHistory[0].status: expected one of "pending", "success", "error", got "none"',
    ]);
  });

  it('missing required fields and wrong types', () => {
    const document = withSession((session) => {
      delete session.title;
      session.topicId = 5;
      session.tagIds = 'tag-urgent';
      session.translatedTranscript = 3;
      session.segments = [{ text: null, startMs: 0, endMs: 0, speaker: 1 }];
    });
    document.topics = [{ id: '', name: 'n', emoji: 'e' }];
    expect(issuesOf(document)).toEqual([
      'topics[0].id: expected a non-empty string, got ""',
      'topics[0].description: missing (expected a string)',
      'sessions[0].title: missing (expected a string)',
      'sessions[0].topicId: expected a topic id or null, got 5',
      'sessions[0].tagIds: expected an array, got "tag-urgent"',
      'sessions[0].segments[0].text: expected a string, got null',
      'sessions[0].segments[0].speaker: expected a string or null, got 1',
      'sessions[0].translatedTranscript: expected a string or null, got 3',
    ]);
  });

  it('a citation that is neither a string nor a quote object', () => {
    const document = withSession((session) => {
      session.askHistory = [
        {
          id: 'a',
          question: '',
          answer: '',
          citations: ['ok', 5, { speaker: 'x' }],
          createdAt: '2026-11-22T00:00:00Z',
          status: 'success',
        },
      ];
    });
    expect(issuesOf(document)).toEqual([
      'sessions[0].askHistory[0].citations[1]: expected an object {quote, speaker} or a string, got 5',
      'sessions[0].askHistory[0].citations[2].quote: missing (expected a string)',
    ]);
  });

  it('duplicate topic, tag and session ids', () => {
    const document = makeDocument();
    document.topics = [
      ...(document.topics as unknown[]),
      { id: 'topic-work', name: 'again', emoji: '', description: '' },
    ];
    document.tags = [
      { id: 'tag-a', name: 'a', color: '' },
      ...(document.tags as unknown[]),
      { id: 'tag-a', name: 'b', color: '' },
    ];
    document.sessions = [firstSession(document), { ...firstSession(document), title: 'copy' }];
    expect(issuesOf(document)).toEqual([
      'topics[1].id: duplicate id "topic-work" (also at topics[0])',
      'tags[2].id: duplicate id "tag-a" (also at tags[0])',
      'sessions[1].id: duplicate id "session-1" (also at sessions[0])',
    ]);
  });

  it('duplicate ask ids within a session, but not across sessions', () => {
    const ask = {
      id: 'ask-1',
      question: '',
      answer: '',
      citations: [],
      createdAt: '2026-11-22T00:00:00Z',
      status: 'success',
    };
    const document = withSession((session) => (session.askHistory = [ask, { ...ask, id: 'ask-2' }, ask]));
    document.sessions.push({ ...firstSession(document), id: 'session-2', askHistory: [ask] });
    expect(issuesOf(document)).toEqual([
      'sessions[0].askHistory[2].id: duplicate id "ask-1" (also at askHistory[0])',
    ]);
  });

  it('a topic or tag the file does not contain', () => {
    const document = withSession((session) => {
      session.topicId = 'topic-gone';
      session.tagIds = ['tag-urgent', 'tag-gone', 'tag-urgent'];
    });
    expect(issuesOf(document)).toEqual([
      'sessions[0].topicId: refers to topic "topic-gone", which this backup does not contain',
      'sessions[0].tagIds[1]: refers to tag "tag-gone", which this backup does not contain',
      'sessions[0].tagIds[2]: duplicate tag id "tag-urgent"',
    ]);
  });

  it('a topic or tag neither the file nor the store contains', () => {
    const document = withSession((session) => {
      session.topicId = 'topic-gone';
      session.tagIds = ['tag-gone'];
    });
    const known = { knownTopicIds: new Set(['topic-other']), knownTagIds: new Set(['tag-other']) };
    expect(issuesOf(document, known)).toEqual([
      'sessions[0].topicId: refers to topic "topic-gone", which neither this backup nor the store contains',
      'sessions[0].tagIds[0]: refers to tag "tag-gone", which neither this backup nor the store contains',
    ]);
  });

  it('with at most five issues in the message and a count of the rest', () => {
    const document = withSession((session) => {
      session.segments = Array.from({ length: 8 }, (_, index) => ({
        text: 'x',
        startMs: -index - 1,
        endMs: 0,
      }));
    });
    const issues = issuesOf(document);
    expect(issues).toHaveLength(8);
    expect(issues[7]).toBe('sessions[0].segments[7].startMs: expected a number ≥ 0, got -8');
    expect(() => parseBackup(JSON.stringify(document))).toThrow(
      [
        'This is not a valid Earshot backup:',
        ...issues.slice(0, 5).map((issue) => `  ${issue}`),
        '  …and 3 more problems',
      ].join('\n'),
    );
  });

  it('a sessions value that is not an array', () => {
    const document = makeDocument();
    document.sessions = { 'not-an-array': true } as never;
    expect(issuesOf(document)).toEqual(['sessions: expected an array, got an object']);
  });
});

describe('the user documentation', () => {
  it('shows an example document that reads', async () => {
    const documentation = await readFile(new URL('../../docs/backup.md', import.meta.url), 'utf8');
    const example = /## Example\s+```json\n([\s\S]*?)```/.exec(documentation)?.[1];
    expect(example).toBeDefined();
    const data = parseBackup(example ?? '');
    expect(data.sessions.map((session) => session.record.id)).toEqual(['session-1', 'session-2']);
    expect(data.sessions[1]?.record.mindMap).toEqual({ markdown: '', status: 'none' });
  });
});
