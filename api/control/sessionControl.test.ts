import { existsSync, writeFileSync } from 'node:fs';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  audioPartPath,
  createSessionAudioDirectory,
  sessionAudioDirectory,
} from '../../store/audio/sessionAudioFiles.ts';
import { listedSession } from '../../store/records.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createSessionControl } from './sessionControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('session-control');
  store = SessionStore.open(directory.path);
  app = new Hono().route('/control/v1', createSessionControl({ store, dataDirectory: directory.path }));
  store.putTopic({ id: 'work', name: 'Work', emoji: '💼', description: '' });
  store.putTag({ id: 'team', name: 'Team', color: '#00aa00' });
  store.putTag({ id: 'urgent', name: 'Urgent', color: '#aa0000' });
});

afterEach(() => {
  store.close();
  directory.remove();
});

/** A finished session started `startedAt` ms after the epoch, with one segment per text. */
function finishedSession(
  id: string,
  startedAt: number,
  texts: string[],
  options: { title?: string; topicId?: string; tagIds?: string[]; speaker?: string } = {},
) {
  store.createSession({
    id,
    title: options.title ?? `Session ${id}`,
    providerId: 'deepgram',
    startedAt,
    topicId: options.topicId,
    tagIds: options.tagIds,
  });
  texts.forEach((text, index) =>
    store.appendSegment(id, {
      text,
      startMs: index * 2_000,
      endMs: index * 2_000 + 1_500,
      speaker: options.speaker ?? null,
    }),
  );
  store.setSessionStatus(id, 'completed');
}

async function call(method: string, path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text === '' || !response.headers.get('content-type')?.includes('json')
      ? undefined
      : JSON.parse(text)) as Record<string, unknown> & { fields?: Record<string, string> },
  };
}

const ids = (body: Record<string, unknown>) => (body.sessions as Array<{ id: string }>).map((s) => s.id);

describe('GET /sessions', () => {
  beforeEach(() => {
    const filler = Array.from({ length: 40 }, (_, index) => `filler${index}`).join(' ');
    finishedSession('a', 1_000, ['We discussed the Q3 budget.'], { topicId: 'work', tagIds: ['team'] });
    finishedSession('b', 3_000, [filler, 'then the Budget overran', filler], { tagIds: ['team', 'urgent'] });
    finishedSession('c', 2_000, ['Nothing to see.'], { title: 'Budget planning' });
  });

  it('lists newest first with a total, 20 to a page by default', async () => {
    const { status, body, headers } = await call('GET', '/sessions');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(ids(body)).toEqual(['b', 'c', 'a']);
    expect(body.total).toBe(3);
    const record = store.getSession('a');
    if (record === undefined) throw new Error('session a is missing');
    // As a list shows it: the summary, but not the long texts and what else the AI made.
    expect(body.sessions).toContainEqual({
      ...listedSession(record),
      opening: 'We discussed the Q3 budget.',
    });
    const [newest] = body.sessions as object[];
    expect(newest).not.toHaveProperty('translatedTranscript');
    expect(newest).not.toHaveProperty('postProcess');
    for (let index = 0; index < 30; index++) finishedSession(`more-${index}`, 10 + index, []);
    const first = await call('GET', '/sessions');
    expect(ids(first.body)).toHaveLength(20);
    expect(first.body.total).toBe(33);
    expect(ids((await call('GET', '/sessions?limit=2&offset=1')).body)).toEqual(['c', 'a']);
  });

  it("gives each session its transcript's first words, and none while it has no transcript", async () => {
    finishedSession('quiet', 4_000, []);
    const sessions = (await call('GET', '/sessions')).body.sessions as Array<{
      id: string;
      opening: unknown;
    }>;
    expect(sessions.find((session) => session.id === 'quiet')?.opening).toBeNull();
    expect(sessions.find((session) => session.id === 'b')?.opening).toMatch(/^filler0 filler1 .*…$/);
  });

  it('searches titles and transcripts for the text as typed, ignoring case', async () => {
    expect(ids((await call('GET', '/sessions?search=BUDGET')).body)).toEqual(['b', 'c', 'a']);
    expect(ids((await call('GET', '/sessions?search=the%20Budget%20over')).body)).toEqual(['b']);
  });

  it('finds all typed words in any order, ignoring case and accents, with the line that holds them', async () => {
    finishedSession('d', 500, ['Hello.', 'Le budget de l’école a dépassé.'], { speaker: 'Zoë' });
    const { status, body } = await call('GET', `/sessions?words=${encodeURIComponent('ECOLE budget zoe')}`);
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['d']);
    const [found] = body.sessions as Array<{
      matchingLine: { text: string; marks: Array<{ start: number; end: number }> };
    }>;
    expect(found?.matchingLine).toMatchObject({
      source: 'transcript',
      seq: 1,
      startMs: 2_000,
      speaker: 'Zoë',
    });
    const line = found?.matchingLine;
    expect(line?.marks.map((mark) => line.text.slice(mark.start, mark.end))).toEqual(['budget', 'école']);
    const overran = await call('GET', '/sessions?words=overran%20budget');
    expect(ids(overran.body)).toEqual(['b']);
    const byTitle = await call('GET', '/sessions?words=planning');
    expect(byTitle.body.sessions).toMatchObject([{ id: 'c', matchingLine: null }]);
    const unsearched = (await call('GET', '/sessions')).body.sessions as Array<Record<string, unknown>>;
    expect(unsearched.filter((session) => 'matchingLine' in session)).toEqual([]);
  });

  it('refuses words it cannot look up, saying what it needs', async () => {
    const { status, body } = await call('GET', '/sessions?words=%3F%3F');
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_query');
    expect(body.error).toMatch(/^Query parameter "words" cannot be "\?\?"\. .*At least one letter or digit/);
    expect(Object.keys(body.fields ?? {})).toEqual(['words']);
  });

  it('filters by tag, topic and status, together with the search', async () => {
    expect(ids((await call('GET', '/sessions?tagId=team')).body)).toEqual(['b', 'a']);
    expect(ids((await call('GET', '/sessions?tagId=urgent')).body)).toEqual(['b']);
    expect(ids((await call('GET', '/sessions?tagId=team&topicId=work')).body)).toEqual(['a']);
    expect(ids((await call('GET', '/sessions?tagId=team&search=overran')).body)).toEqual(['b']);
    expect(ids((await call('GET', '/sessions?status=recording')).body)).toEqual([]);
  });

  it('refuses bad values, naming each field, with the REST API rules and code', async () => {
    const { status, body } = await call('GET', '/sessions?limit=101&offset=-1&status=done');
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_query');
    expect(body.error).toBe(
      'Query parameter "limit" cannot be "101". Maximum number of sessions to return: a whole number from 1 to 100; default 20.',
    );
    expect(body.fields).toEqual({
      limit: 'Maximum number of sessions to return: a whole number from 1 to 100; default 20.',
      offset: 'Number of matching sessions to skip: a whole number, 0 or more; default 0.',
      status: 'Only sessions with this status: one of recording, completed, interrupted.',
    });
    expect((await call('GET', '/sessions?limit=0')).body.fields).toHaveProperty('limit');
    expect((await call('GET', '/sessions?limit=1.5')).body.fields).toHaveProperty('limit');
    expect((await call('GET', '/sessions?tagId=')).body.fields).toHaveProperty('tagId');
    expect((await call('GET', '/sessions?limit=100')).status).toBe(200);
  });
});

describe('GET /sessions/:id', () => {
  it('answers the session with its segments and Q&A', async () => {
    finishedSession('a', 1_000, ['Hello.', 'Bye.'], { speaker: 'Ana' });
    const entry = {
      id: 'ask-1',
      question: 'Who spoke?',
      answer: 'Ana.',
      citations: [{ quote: 'Hello.', speaker: 'Ana' }],
      createdAt: '2024-05-06T09:30:00.000+00:00',
      status: 'success' as const,
    };
    store.putAskEntry('a', entry);
    const { status, body } = await call('GET', '/sessions/a');
    expect(status).toBe(200);
    expect(body).toEqual({
      session: store.getSession('a'),
      segments: [
        { seq: 0, text: 'Hello.', startMs: 0, endMs: 1_500, speaker: 'Ana', language: null },
        { seq: 1, text: 'Bye.', startMs: 2_000, endMs: 3_500, speaker: 'Ana', language: null },
      ],
      askHistory: [entry],
      speakerNames: {},
    });
  });

  it('answers 404 for an unknown session', async () => {
    const { status, body } = await call('GET', '/sessions/nope');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'session_not_found', error: expect.stringContaining('nope') as unknown });
  });
});

describe('PATCH /sessions/:id', () => {
  beforeEach(() => finishedSession('a', 1_000, ['Hello.'], { topicId: 'work', tagIds: ['team'] }));

  it('renames (trimmed), moves to another topic or none, and retags', async () => {
    const renamed = await call('PATCH', '/sessions/a', { title: '  Kick-off  ', tagIds: ['urgent', 'team'] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.session).toMatchObject({
      title: 'Kick-off',
      topicId: 'work',
      tagIds: ['urgent', 'team'],
    });
    const untopiced = await call('PATCH', '/sessions/a', { topicId: null, tagIds: [] });
    expect(untopiced.body.session).toMatchObject({ title: 'Kick-off', topicId: null, tagIds: [] });
    expect(store.getSession('a')).toMatchObject({ title: 'Kick-off', topicId: null, tagIds: [] });
  });

  it('refuses a bad title, unknown fields and wrong types, naming each field and changing nothing', async () => {
    const before = store.getSession('a');
    const bad = await call('PATCH', '/sessions/a', { title: '   ', tagIds: 'team', color: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
    expect(bad.body.fields).toEqual({
      title: 'Text of 1 to 200 characters.',
      tagIds: 'A list of tag ids.',
      color: 'Unknown field; leave it out.',
    });
    expect((await call('PATCH', '/sessions/a', { title: 'x'.repeat(201) })).body.fields).toEqual({
      title: 'Text of 1 to 200 characters.',
    });
    expect((await call('PATCH', '/sessions/a', { title: '😀'.repeat(200) })).status).toBe(200);
    store.updateSession('a', { title: before?.title ?? '' });
    const notJson = await call('PATCH', '/sessions/a', '{title');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/^The body is not JSON\. Send \{"title"/);
    expect(store.getSession('a')?.title).toBe(before?.title);
  });

  it('refuses topics and tags that do not exist, naming them', async () => {
    const { status, body } = await call('PATCH', '/sessions/a', {
      title: 'Renamed',
      topicId: 'nowhere',
      tagIds: ['team', 'ghost', 'phantom'],
    });
    expect(status).toBe(400);
    expect(body.fields).toEqual({
      topicId: 'There is no topic nowhere.',
      tagIds: 'There is no tag ghost, phantom.',
    });
    expect(store.getSession('a')).toMatchObject({ title: 'Session a', topicId: 'work', tagIds: ['team'] });
  });

  it('answers 404 for an unknown session', async () => {
    expect((await call('PATCH', '/sessions/nope', { title: 'x' })).status).toBe(404);
  });
});

describe('DELETE /sessions/:id', () => {
  it('deletes an ended session with its transcript and its recorded audio', async () => {
    finishedSession('a', 1_000, ['Hello.']);
    createSessionAudioDirectory(directory.path, 'a');
    writeFileSync(audioPartPath(directory.path, 'a', 1, 'ogg', false), 'OggS');
    const { status, text } = await call('DELETE', '/sessions/a');
    expect(status).toBe(204);
    expect(text).toBe('');
    expect(store.getSession('a')).toBeUndefined();
    expect(store.getTranscript('a')).toBe('');
    expect(existsSync(sessionAudioDirectory(directory.path, 'a'))).toBe(false);
    expect((await call('DELETE', '/sessions/a')).status).toBe(404);
  });

  it('refuses a session that is recording, and keeps it', async () => {
    store.createSession({ id: 'live', title: 'Live', providerId: 'deepgram' });
    store.appendSegment('live', { text: 'Still talking', startMs: 0, endMs: 1_000 });
    const { status, body } = await call('DELETE', '/sessions/live');
    expect(status).toBe(409);
    expect(body.code).toBe('session_recording');
    expect(body.error).toMatch(/^Stop the recording first/);
    expect(store.getTranscript('live')).toBe('Still talking');
  });
});

describe('GET /sessions/:id/export', () => {
  beforeEach(() => {
    store.createSession({
      id: 'a',
      title: 'Café: Q3/Q4 review',
      providerId: 'deepgram',
      startedAt: Date.UTC(2024, 4, 6, 9, 30),
      topicId: 'work',
      tagIds: ['urgent', 'team'],
    });
    store.appendSegment('a', { text: 'Good morning.', startMs: 1_000, endMs: 4_000, speaker: 'Ana' });
    store.appendSegment('a', { text: 'Let us start.', startMs: 4_500, endMs: 6_000 });
    store.setSessionStatus('a', 'completed');
    store.updateSession('a', {
      postProcess: {
        summary: 'Short.',
        actionItems: ['Book room'],
        keywords: [],
        chapters: [],
        status: 'success',
      },
    });
  });

  it('gives plain text as an attachment named after the title, with an exact UTF-8 name too', async () => {
    const { status, headers, text } = await call('GET', '/sessions/a/export?format=txt');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('content-disposition')).toBe(
      `attachment; filename="Caf__ Q3_Q4 review.txt"; filename*=UTF-8''Caf%C3%A9_%20Q3_Q4%20review.txt`,
    );
    expect(text).toBe('Café: Q3/Q4 review\n\n[00:00:01] Ana: Good morning.\n[00:00:04] Let us start.\n');
  });

  it('gives Markdown with the facts, the transcript and the summary’s sections it has', async () => {
    const { headers, text } = await call('GET', '/sessions/a/export?format=md');
    expect(headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(text).toMatch(/^# Café: Q3\/Q4 review\n\n- Date: 2024-05-0\dT/);
    expect(text).toContain('- Topic: Work\n- Tags: Urgent, Team\n- Status: completed\n');
    expect(text).toContain(
      '## Transcript\n\n[00:00:01](http://localhost/#/sessions/a?t=1) **Ana:** Good morning.\n\n' +
        '[00:00:04](http://localhost/#/sessions/a?t=4.5) Let us start.\n',
    );
    expect(text).toContain('## Summary\n\nShort.\n\n## Action items\n\n- Book room\n');
    expect(text).not.toContain('## Keywords');
    expect(text).not.toContain('## Translation');
  });

  it('gives SubRip and WebVTT cues with speakers', async () => {
    const srt = await call('GET', '/sessions/a/export?format=srt');
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.headers.get('content-disposition')).toMatch(/filename="Caf__ Q3_Q4 review\.srt"/);
    expect(srt.text).toBe(
      '1\n00:00:01,000 --> 00:00:04,000\nAna: Good morning.\n\n2\n00:00:04,500 --> 00:00:06,000\nLet us start.\n',
    );
    const vtt = await call('GET', '/sessions/a/export?format=vtt');
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.text).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>Good morning.\n\n00:00:04.500 --> 00:00:06.000\nLet us start.\n',
    );
  });

  it('gives JSON with the record, the topic, the tags in the session’s order and the segments', async () => {
    const { headers, body } = await call('GET', '/sessions/a/export?format=json');
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toEqual({
      session: store.getSession('a'),
      topic: { id: 'work', name: 'Work', emoji: '💼', description: '' },
      tags: [
        { id: 'urgent', name: 'Urgent', color: '#aa0000' },
        { id: 'team', name: 'Team', color: '#00aa00' },
      ],
      speakerNames: {},
      segments: store.getSegments('a').map((segment) => ({ ...segment, speakerName: segment.speaker })),
    });
  });

  it("shows the speakers' names in every format once they are named", async () => {
    store.renameSpeaker('a', 'Ana', 'Ana Lima');
    expect((await call('GET', '/sessions/a/export?format=txt')).text).toContain('Ana Lima: Good morning.');
    expect((await call('GET', '/sessions/a/export?format=md')).text).toContain('**Ana Lima:** Good morning.');
    expect((await call('GET', '/sessions/a/export?format=srt')).text).toContain(
      '\nAna Lima: Good morning.\n',
    );
    expect((await call('GET', '/sessions/a/export?format=vtt')).text).toContain(
      '\n<v Ana Lima>Good morning.\n',
    );
    const { body } = await call('GET', '/sessions/a/export?format=json');
    expect(body?.speakerNames).toEqual({ Ana: 'Ana Lima' });
    expect(body?.segments).toMatchObject([
      { speaker: 'Ana', speakerName: 'Ana Lima' },
      { speakerName: null },
    ]);
    expect((await call('GET', '/sessions/a')).body).toMatchObject({ speakerNames: { Ana: 'Ana Lima' } });
  });

  it('uses a plain ASCII name alone when the title is plain, and a fallback for an unusable title', async () => {
    store.updateSession('a', { title: 'Stand-up 2024' });
    expect((await call('GET', '/sessions/a/export?format=vtt')).headers.get('content-disposition')).toBe(
      'attachment; filename="Stand-up 2024.vtt"',
    );
    store.updateSession('a', { title: '../..' });
    expect((await call('GET', '/sessions/a/export?format=txt')).headers.get('content-disposition')).toBe(
      'attachment; filename="transcript.txt"',
    );
  });

  it('refuses an unknown or missing format naming the five, and answers 404 for an unknown session', async () => {
    for (const query of ['?format=docx', '']) {
      const { status, body } = await call('GET', `/sessions/a/export${query}`);
      expect(status).toBe(400);
      expect(body.error).toBe('Choose an export format: txt, md, srt, vtt, json.');
      expect(body.fields).toEqual({ format: 'One of txt, md, srt, vtt, json.' });
    }
    expect((await call('GET', '/sessions/nope/export?format=txt')).status).toBe(404);
  });
});
