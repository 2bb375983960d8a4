import type { ValidateFunction } from 'ajv/dist/2020.js';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ApiDependencies } from './dependencies.ts';
import { hostAndOriginGuard } from './hostGuard.ts';
import { allFakeSessions } from './testing/fakeSessionReader.ts';
import { createTestApp, type TestAppOptions, validToken, withToken } from './testing/testApp.ts';
import { openApiValidator } from './testing/openApiValidator.ts';
import { readStreamEntries } from './testing/eventStreamEntries.ts';
import { type ServiceEvent, ServiceEventFeed } from '../actors/serviceEvents/serviceEventFeed.ts';
import { EventFollowers } from './events/eventFollowers.ts';
import { droppedNotice } from './events/streamNotices.ts';

interface OpenApiDocument {
  openapi: string;
  servers: Array<{ url: string }>;
  security: unknown[];
  paths: Record<string, { get: Operation } & Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

interface Operation {
  security?: unknown[];
  parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content: Record<string, { schema: unknown }> }
  >;
}

const port = 23456;
const host = `127.0.0.1:${port}`;

let document: OpenApiDocument;
let schemaAt: ReturnType<typeof openApiValidator>;

beforeAll(async () => {
  const response = await createTestApp().app.request('/api/v1/openapi.json', withToken());
  document = (await response.json()) as OpenApiDocument;
  schemaAt = openApiValidator(document as unknown as Record<string, unknown>);
});

function responseValidator(path: string, status: number): ValidateFunction {
  return schemaAt('paths', path, 'get', 'responses', String(status), 'content', 'application/json', 'schema');
}

function componentValidator(name: string): ValidateFunction {
  return schemaAt('components', 'schemas', name);
}

function expectValid(validate: ValidateFunction, body: unknown, label: string): void {
  const valid = validate(body);
  expect(validate.errors ?? [], label).toStrictEqual([]);
  expect(valid, label).toBe(true);
}

/** A server as main builds it: the guard in front, the API mounted at the root. */
function serverFor(options: TestAppOptions = {}): Hono {
  const server = new Hono();
  server.use(
    '*',
    hostAndOriginGuard(() => port),
  );
  server.route('/', createTestApp(options).app);
  return server;
}

const failingAccess: ApiDependencies['access'] = {
  isEnabled: () => {
    throw new Error('settings unreadable');
  },
  verifyToken: () => true,
};

/** How to make a documented endpoint give each documented status for real. */
function scenario(documentPath: string, status: number, sessionId: string) {
  const urlPath = (id: string) =>
    `${document.servers[0]?.url}${documentPath.replace('{id}', encodeURIComponent(id))}`;
  const good = { headers: { Host: host, Authorization: `Bearer ${validToken}` } };
  switch (status) {
    case 200:
      return { server: serverFor(), path: urlPath(sessionId), init: good };
    case 400:
      return {
        server: serverFor(),
        path: `${urlPath(sessionId)}?${documentPath === '/events' ? 'types=session.paused' : 'limit=0'}`,
        init: good,
      };
    case 401:
      return { server: serverFor(), path: urlPath(sessionId), init: { headers: { Host: host } } };
    case 403:
      return documentPath === '/health'
        ? {
            server: serverFor(),
            path: urlPath(sessionId),
            init: { headers: { ...good.headers, Origin: 'https://evil.example' } },
          }
        : { server: serverFor({ enabled: false }), path: urlPath(sessionId), init: good };
    case 404:
      return { server: serverFor(), path: urlPath('no-such-session'), init: good };
    case 421:
      return {
        server: serverFor(),
        path: urlPath(sessionId),
        init: { headers: { ...good.headers, Host: 'evil.example' } },
      };
    case 500:
      return { server: serverFor({ access: failingAccess }), path: urlPath(sessionId), init: good };
    default:
      throw new Error(`no scenario for status ${status}`);
  }
}

describe('the served OpenAPI document', () => {
  it('describes exactly the endpoints of the API, all as GET', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toStrictEqual([{ url: '/api/v1' }]);
    expect(Object.keys(document.paths).sort()).toStrictEqual(
      [
        '/events',
        '/health',
        '/openapi.json',
        '/sessions',
        '/sessions/{id}',
        '/sessions/{id}/summary',
        '/sessions/{id}/transcript',
        '/status',
        '/tags',
        '/topics',
      ].sort(),
    );
    for (const item of Object.values(document.paths)) expect(Object.keys(item)).toStrictEqual(['get']);
  });

  it('requires the bearer token everywhere except /health', () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    expect(document.security).toStrictEqual([{ bearerAuth: [] }]);
    for (const [path, item] of Object.entries(document.paths)) {
      const responses = Object.keys(item.get.responses);
      if (path === '/health') {
        expect(item.get.security).toStrictEqual([]);
        expect(responses).not.toContain('401');
      } else {
        expect(item.get.security, path).toBeUndefined();
        expect(responses, path).toEqual(expect.arrayContaining(['200', '401', '403', '421', '500']));
        expect(item.get.responses['401']?.headers, path).toHaveProperty('WWW-Authenticate');
      }
    }
  });

  it('documents 404 on the session routes and 400 on the list and the event stream only', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const responses = Object.keys(item.get.responses);
      expect(responses.includes('404'), path).toBe(path.includes('{id}'));
      expect(responses.includes('400'), path).toBe(path === '/sessions' || path === '/events');
    }
  });

  it('documents the query parameters of the list with their rules', () => {
    const parameters = document.paths['/sessions']?.get.parameters ?? [];
    expect(parameters.map(({ name, in: where }) => `${where}:${name}`).sort()).toStrictEqual(
      [
        'query:limit',
        'query:offset',
        'query:search',
        'query:status',
        'query:tagId',
        'query:topicId',
        'query:words',
      ].sort(),
    );
    const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema]));
    expect(byName.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(byName.offset).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    expect(byName.status).toMatchObject({ enum: ['recording', 'completed', 'interrupted'] });
    expect(byName.topicId).toMatchObject({ type: 'string', minLength: 1 });
    expect(byName.words).toMatchObject({ type: 'string', maxLength: 200 });
  });
});

describe('real answers match the document', () => {
  it('for every documented endpoint and status', async () => {
    const checked: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const status of Object.keys(item.get.responses).map(Number)) {
        const sessionIds =
          status === 200 && path.includes('{id}')
            ? allFakeSessions.map(({ record }) => record.id)
            : ['session-standup'];
        for (const sessionId of sessionIds) {
          const { server, path: url, init } = scenario(path, status, sessionId);
          const response = await server.request(url, init);
          const label = `GET ${url} → ${status}`;
          expect(response.status, label).toBe(status);
          if (path === '/events' && status === 200) {
            // An event stream stays open: its headers are the answer checked here (the events below).
            expect(response.headers.get('content-type'), label).toBe('text/event-stream; charset=utf-8');
            await response.body?.cancel();
          } else {
            expectValid(responseValidator(path, status), await response.json(), label);
          }
          checked.push(label);
        }
      }
    }
    // 10 endpoints with 200, 421 and 500; 9 with 401 and 403 and 1 more 403; 3 with 404; 2 with 400;
    // the session routes answer 200 for each of the 4 sessions.
    expect(checked).toHaveLength(10 * 3 + 9 * 2 + 1 + 3 + 2 + 3 * 3);
  });

  it('for list pages with filters', async () => {
    const validate = responseValidator('/sessions', 200);
    for (const query of [
      '?limit=1&offset=3',
      '?status=recording',
      '?topicId=none',
      `?search=${encodeURIComponent('评审')}`,
    ]) {
      const response = await createTestApp().app.request(`/api/v1/sessions${query}`, withToken());
      expectValid(validate, await response.json(), query);
    }
  });

  it('for the answers no operation lists: unknown path and wrong method', async () => {
    const { app } = createTestApp();
    const unknown = await app.request('/api/v1/nowhere', withToken());
    expectValid(componentValidator('NotFoundError'), await unknown.json(), 'unknown path');
    const wrongMethod = await app.request('/api/v1/sessions', withToken(undefined, { method: 'DELETE' }));
    expectValid(componentValidator('MethodNotAllowedError'), await wrongMethod.json(), 'wrong method');
  });

  it('for every type of event the stream sends, and its reset and dropped notices', async () => {
    const feed = new ServiceEventFeed();
    const { app } = createTestApp({ followers: new EventFollowers(feed) });
    const response = await app.request(
      '/api/v1/events',
      withToken(undefined, { headers: { 'Last-Event-ID': 'earlier-launch-1' } }),
    );
    const segment = { seq: 0, text: 'Hello.', startMs: 0, endMs: 900, speaker: 'A', language: null };
    const events: ServiceEvent[] = [
      { type: 'session.started', sessionId: 's', title: 'Stand-up', providerId: 'deepgram' },
      { type: 'transcript.partial', sessionId: 's', text: 'hel' },
      { type: 'transcript.final', sessionId: 's', segment },
      { type: 'translation.final', sessionId: 's', text: 'Bonjour.' },
      { type: 'session.stopped', sessionId: 's', status: 'interrupted' },
      { type: 'ai.updated', sessionId: 's', artefacts: ['summary', 'askHistory'] },
    ];
    for (const event of events) feed.publish(event);

    const [reset, ...sent] = await readStreamEntries(response, 1 + events.length);
    expectValid(componentValidator('StreamReset'), JSON.parse(reset?.data ?? ''), 'stream.reset');
    expect(sent.map((entry) => entry.event)).toStrictEqual(events.map((event) => event.type));
    for (const entry of sent)
      expectValid(componentValidator('ServiceEvent'), JSON.parse(entry.data ?? ''), `${entry.event}`);
    expectValid(componentValidator('StreamDropped'), droppedNotice, 'dropped');
    await response.body?.cancel();
  });

  it('for /status when the recorder hangs', async () => {
    const { app } = createTestApp({
      live: { getStatus: () => new Promise(() => {}), liveClientCount: () => 0 },
      liveTimeoutMs: 20,
    });
    const response = await app.request('/api/v1/status', withToken());
    expectValid(responseValidator('/status', 200), await response.json(), 'hung recorder');
  });
});

describe('the check can fail', () => {
  async function detail(): Promise<Record<string, unknown>> {
    const response = await createTestApp().app.request('/api/v1/sessions/session-standup', withToken());
    return (await response.json()) as Record<string, unknown>;
  }

  it.each([
    ['a missing field', (body: Record<string, unknown>) => delete body.transcriptLength],
    ['an extra field', (body: Record<string, unknown>) => (body.createdAt = 1)],
    ['a date in the wrong form', (body: Record<string, unknown>) => (body.date = '06/05/2024')],
    ['an hour of 24', (body: Record<string, unknown>) => (body.time = '24:30')],
    ['an unknown status', (body: Record<string, unknown>) => (body.status = 'paused')],
    [
      'a timestamp without offset',
      (body: Record<string, unknown>) => (body.startedAt = '2024-05-06T09:30:15'),
    ],
    ['a string duration', (body: Record<string, unknown>) => (body.duration = '754000')],
    ['a missing nullable field', (body: Record<string, unknown>) => delete body.correctedTranscript],
    [
      'a chapter without times',
      (body: Record<string, unknown>) =>
        ((body.postProcess as { chapters: unknown[] }).chapters = [{ title: 'x' }]),
    ],
  ])('rejects a session detail with %s', async (_label, spoil) => {
    const validate = responseValidator('/sessions/{id}', 200);
    const body = await detail();
    expectValid(validate, body, 'unchanged');
    spoil(body);
    expect(validate(body)).toBe(false);
  });

  it('rejects an error body with the code of another status', () => {
    const validate = responseValidator('/sessions/{id}', 401);
    expect(validate({ error: 'Send a token.', code: 'unauthorized' })).toBe(true);
    expect(validate({ error: 'Send a token.', code: 'session_not_found' })).toBe(false);
    expect(validate({ error: '', code: 'unauthorized' })).toBe(false);
    expect(validate({ message: 'Send a token.', code: 'unauthorized' })).toBe(false);
  });

  it('rejects a health body whose status is not ok', () => {
    const validate = responseValidator('/health', 200);
    expect(validate({ status: 'ok', version: '1', apiEnabled: true, liveClients: 0 })).toBe(true);
    expect(validate({ status: 'degraded', version: '1', apiEnabled: true, liveClients: 0 })).toBe(false);
    expect(validate({ status: 'ok', version: '1', apiEnabled: true, liveClients: -1 })).toBe(false);
  });
});
