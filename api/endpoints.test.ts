import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { segmentSchema } from './schemas.ts';
import { createFakeSessionReader, standupSession } from './testing/fakeSessionReader.ts';
import { createTestApp, getJson, testVersion, withToken } from './testing/testApp.ts';

const standupListItem = {
  id: 'session-standup',
  title: 'Weekly stand-up',
  date: '2024-05-06',
  time: '09:30',
  status: 'completed',
  duration: 754_000,
  providerId: 'p01',
  transcriptLength: 44,
  hasSummary: true,
  topicId: 'topic-work',
  tagIds: ['tag-team'],
};

const chineseListItem = {
  id: '评审-1',
  title: '产品评审会议',
  date: '2024-03-11',
  time: '00:30',
  status: 'completed',
  duration: 61_500.5,
  providerId: 'p02',
  transcriptLength: 16,
  hasSummary: false,
  topicId: null,
  tagIds: [],
};

const liveListItem = {
  id: 'session-live',
  title: 'Recording now',
  date: '2024-06-01',
  time: '20:00',
  status: 'recording',
  duration: 0,
  providerId: 'p09',
  transcriptLength: 0,
  hasSummary: false,
  topicId: 'topic-work',
  tagIds: ['tag-team', 'tag-urgent'],
};

const interruptedListItem = {
  id: 'session-interrupted',
  title: 'Dentist call',
  date: '2024-01-15',
  time: '16:05',
  status: 'interrupted',
  duration: 12_000,
  providerId: 'p14',
  transcriptLength: 22,
  hasSummary: false,
  topicId: 'topic-personal',
  tagIds: [],
};

const standupPostProcess = {
  summary: 'The team agreed to release on Friday.',
  actionItems: ['Tag the release', 'Write the notes'],
  keywords: ['release', 'Friday'],
  chapters: [{ title: 'Greeting', startMs: 0, endMs: 1800, summary: 'Hello.' }],
  status: 'success',
};

const standupMindMap = { markdown: '# Stand-up\n- Release Friday', status: 'success' };

describe('GET /api/v1/health', () => {
  it('reports status, version, whether the API is on, and the live client count', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/health', {});
    expect(response.status).toBe(200);
    expect(body).toStrictEqual({ status: 'ok', version: testVersion, apiEnabled: true, liveClients: 3 });
  });

  it('reports apiEnabled false when the API is switched off', async () => {
    const { app } = createTestApp({ enabled: false });
    const { body } = await getJson(app, '/api/v1/health', {});
    expect(body.apiEnabled).toBe(false);
  });
});

describe('GET /api/v1/sessions', () => {
  it('lists every field of every session, newest first, with the default paging', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/sessions');
    expect(response.status).toBe(200);
    expect(body).toStrictEqual({
      sessions: [liveListItem, standupListItem, chineseListItem, interruptedListItem],
      total: 4,
      limit: 20,
      offset: 0,
    });
  });
});

describe('GET /api/v1/sessions/:id', () => {
  it('returns every detail field of a session', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/sessions/session-standup');
    expect(response.status).toBe(200);
    expect(body).toStrictEqual({
      ...standupListItem,
      startedAt: '2024-05-06T09:30:15.250+08:00',
      updatedAt: '2024-05-06T09:43:35.250+08:00',
      transcript: 'Good morning everyone. Release is on Friday.',
      translatedTranscript: '大家早上好。周五发布。',
      correctedTranscript: 'Good morning, everyone. The release is on Friday.',
      speakerNames: {},
      segments: [
        {
          seq: 0,
          text: 'Good morning everyone.',
          startMs: 0,
          endMs: 1800,
          speaker: 'S1',
          language: 'en',
          speakerName: 'S1',
        },
        {
          seq: 1,
          text: 'Release is on Friday.',
          startMs: 1800,
          endMs: 3900,
          speaker: 'S2',
          language: null,
          speakerName: 'S2',
        },
      ],
      postProcess: standupPostProcess,
      mindMap: standupMindMap,
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
    });
  });

  it("adds the names given to the session's speakers beside the labels the segments keep", async () => {
    const store = createFakeSessionReader([{ ...standupSession, speakerNames: { S2: 'Bea' } }]);
    const { app: appWithNames } = createTestApp({ store });
    const { body } = await getJson(appWithNames, '/api/v1/sessions/session-standup');
    expect(body.speakerNames).toStrictEqual({ S2: 'Bea' });
    expect(body.segments).toMatchObject([
      { speaker: 'S1', speakerName: 'S1' },
      { speaker: 'S2', speakerName: 'Bea' },
    ]);
    const transcript = await getJson(appWithNames, '/api/v1/sessions/session-standup/transcript');
    expect(transcript.body.speakerNames).toStrictEqual({ S2: 'Bea' });
  });

  it('gives a segment its words where the provider timed them, and no words field where it did not', async () => {
    const [first, second] = standupSession.segments;
    if (first === undefined || second === undefined) throw new Error('The stand-up has two segments.');
    const words = [
      { text: 'Good', startMs: 0, endMs: 400, speaker: 'S1', confidence: 0.99 },
      { text: 'morning', startMs: 450, endMs: 900, speaker: 'S1' },
      { text: 'everyone.', startMs: 950, endMs: 1800 },
    ];
    const store = createFakeSessionReader([{ ...standupSession, segments: [{ ...first, words }, second] }]);
    const { body } = await getJson(createTestApp({ store }).app, '/api/v1/sessions/session-standup');
    // As the OpenAPI document describes them.
    const segments = z.array(segmentSchema).parse(body.segments);
    expect(segments[0]?.words).toStrictEqual(words);
    expect(segments[1]).not.toHaveProperty('words');
  });

  it('finds a session whose id is Chinese, percent-encoded in the path', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, `/api/v1/sessions/${encodeURIComponent('评审-1')}`);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      ...chineseListItem,
      startedAt: '2024-03-11T00:30:00.000+08:00',
      updatedAt: '2024-03-11T00:31:10.000+08:00',
      transcript: '我们今天讨论新版本的发布计划𠮷。',
      translatedTranscript: null,
      correctedTranscript: null,
      postProcess: { summary: '   ', actionItems: [], keywords: [], chapters: [], status: 'none' },
      mindMap: { markdown: '', status: 'none' },
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
    });
  });
});

describe('GET /api/v1/sessions/:id/transcript', () => {
  it('includes the corrected and translated transcripts once they exist', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/sessions/session-standup/transcript');
    expect(response.status).toBe(200);
    expect(body).toStrictEqual({
      sessionId: 'session-standup',
      transcript: 'Good morning everyone. Release is on Friday.',
      translatedTranscript: '大家早上好。周五发布。',
      correctedTranscript: 'Good morning, everyone. The release is on Friday.',
      speakerNames: {},
    });
  });

  it('always has both optional fields, as null, before translation and correction', async () => {
    const { app } = createTestApp();
    const { body } = await getJson(app, `/api/v1/sessions/${encodeURIComponent('评审-1')}/transcript`);
    expect(body).toStrictEqual({
      sessionId: '评审-1',
      transcript: '我们今天讨论新版本的发布计划𠮷。',
      translatedTranscript: null,
      correctedTranscript: null,
      speakerNames: {},
    });
  });

  it('gives an empty transcript for a session that has not said anything yet', async () => {
    const { app } = createTestApp();
    const { body } = await getJson(app, '/api/v1/sessions/session-live/transcript');
    expect(body.transcript).toBe('');
  });
});

describe('GET /api/v1/sessions/:id/summary', () => {
  it('returns id, title, post-processing with chapters, and the mind map', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/sessions/session-standup/summary');
    expect(response.status).toBe(200);
    expect(body).toStrictEqual({
      id: 'session-standup',
      title: 'Weekly stand-up',
      postProcess: standupPostProcess,
      mindMap: standupMindMap,
    });
  });

  it('reports the generation states as they are', async () => {
    const { app } = createTestApp();
    const { body } = await getJson(app, '/api/v1/sessions/session-interrupted/summary');
    expect(body).toStrictEqual({
      id: 'session-interrupted',
      title: 'Dentist call',
      postProcess: { summary: '', actionItems: [], keywords: [], chapters: [], status: 'error' },
      mindMap: { markdown: '', status: 'pending' },
    });
  });
});

describe('unknown sessions', () => {
  const paths = [
    '/api/v1/sessions/nope',
    '/api/v1/sessions/nope/transcript',
    '/api/v1/sessions/nope/summary',
  ];

  it.each(paths)('%s answers 404 session_not_found', async (path) => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, path);
    expect(response.status).toBe(404);
    expect(body.code).toBe('session_not_found');
    expect(body.error).toMatch(/GET \/api\/v1\/sessions/);
  });

  it.each(['/api/v1/sessions/%E0%A4%A', '/api/v1/sessions/%zz/transcript', '/api/v1/sessions/abc%/summary'])(
    'a malformed percent escape in %s is a 404, not a 500',
    async (path) => {
      const { app, reportedErrors } = createTestApp();
      const { response, body } = await getJson(app, path);
      expect(response.status).toBe(404);
      expect(body.code).toBe('session_not_found');
      expect(reportedErrors).toStrictEqual([]);
    },
  );

  it('does not treat a malformed escape as the literal text it happens to spell', async () => {
    // "%25zz" is the correct encoding of the id "%zz"; a bare "%zz" is malformed and must not match.
    const store = createFakeSessionReader([
      { ...standupSession, record: { ...standupSession.record, id: '%zz' } },
    ]);
    const { app: appWithOddId } = createTestApp({ store });
    expect((await appWithOddId.request('/api/v1/sessions/%25zz', withToken())).status).toBe(200);
    expect((await appWithOddId.request('/api/v1/sessions/%zz', withToken())).status).toBe(404);
  });
});

describe('GET /api/v1/topics and /api/v1/tags', () => {
  it('lists topics with exactly their fields and session counts', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/topics');
    expect(response.status).toBe(200);
    expect(body).toStrictEqual({
      topics: [
        { id: 'topic-work', name: 'Work', emoji: '💼', description: 'Meetings at work', sessionCount: 2 },
        { id: 'topic-personal', name: '个人', emoji: '🏠', description: '', sessionCount: 1 },
        { id: 'topic-empty', name: 'Empty', emoji: '📦', description: 'No sessions yet', sessionCount: 0 },
      ],
    });
  });

  it('lists tags with exactly their fields and session counts', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/tags');
    expect(response.status).toBe(200);
    expect(body).toStrictEqual({
      tags: [
        { id: 'tag-team', name: 'team', color: 'blue', sessionCount: 2 },
        { id: 'tag-urgent', name: '紧急', color: '#ff0000', sessionCount: 1 },
        { id: 'tag-unused', name: 'unused', color: 'gray', sessionCount: 0 },
      ],
    });
  });
});

describe('GET /api/v1/status', () => {
  it('reports the recorder status, the version and the live client count', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/status');
    expect(response.status).toBe(200);
    expect(body).toStrictEqual({
      version: testVersion,
      recording: true,
      currentSessionId: 'session-live',
      currentProvider: 'p09',
      liveClients: 3,
    });
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('serves an OpenAPI 3.1 document carrying the application version', async () => {
    const { app } = createTestApp();
    const { response, body } = await getJson(app, '/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.info).toMatchObject({ version: testVersion });
  });
});

describe('every answer', () => {
  const paths = [
    '/api/v1/health',
    '/api/v1/sessions',
    '/api/v1/sessions/session-standup',
    '/api/v1/sessions/session-standup/transcript',
    '/api/v1/sessions/session-standup/summary',
    '/api/v1/topics',
    '/api/v1/tags',
    '/api/v1/status',
    '/api/v1/openapi.json',
    '/api/v1/sessions/nope',
    '/api/v1/nothing-here',
    '/api/v1/sessions?limit=0',
  ];

  it.each(paths)('%s is JSON and must not be cached', async (path) => {
    const { app } = createTestApp();
    const response = await app.request(path, withToken());
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    await expect(response.json()).resolves.toBeTypeOf('object');
  });

  it('HEAD answers like GET without a body', async () => {
    const { app } = createTestApp();
    const response = await app.request('/api/v1/sessions', withToken(undefined, { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('');
  });
});

describe('failures inside the app', () => {
  it('answer 500 internal_error as JSON without a stack trace, and are reported', async () => {
    const store = createFakeSessionReader();
    store.listTags = () => {
      throw new Error('disk on fire at /secret/path');
    };
    const { app, reportedErrors } = createTestApp({ store });
    const response = await app.request('/api/v1/tags', withToken());
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(text)).toMatchObject({ code: 'internal_error' });
    expect(text).not.toMatch(/disk on fire|secret|at .*\.ts/);
    expect(reportedErrors).toHaveLength(1);
  });

  it('paths outside /api/v1 get a JSON 404, never HTML', async () => {
    const { app } = createTestApp();
    const response = await app.request('/index.html');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('configuration', () => {
  it('rejects an unknown time zone when the app is created', () => {
    expect(() => createTestApp({ timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });

  it('rejects a live timeout that a timer cannot wait for', () => {
    expect(() => createTestApp({ liveTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => createTestApp({ liveTimeoutMs: Number.NaN })).toThrow(RangeError);
    expect(() => createTestApp({ liveTimeoutMs: 2 ** 31 })).toThrow(RangeError);
  });

  it('computes date and time in the configured zone', async () => {
    const { app } = createTestApp({ timeZone: 'America/New_York' });
    const { body } = await getJson(app, `/api/v1/sessions/${encodeURIComponent('评审-1')}`);
    // 2024-03-10T16:30Z is 12:30 EDT, the first day of daylight saving time.
    expect(body).toMatchObject({
      date: '2024-03-10',
      time: '12:30',
      startedAt: '2024-03-10T12:30:00.000-04:00',
    });
  });
});
