import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { databaseFileName } from '../../store/database.ts';
import { errorStatusByCode, type ErrorCode } from '../errorCodes.ts';
import { openApiValidator } from '../testing/openApiValidator.ts';
import { createServiceTestApp, serviceHost, type ServiceTestApp } from '../testing/serviceTestApp.ts';

// A launch-secret call starts the runtime's background tasks for real; these would compile
// whisper.cpp and download a model. Never settling, they keep the task "under way" instead.
vi.mock('../../actors/runtimeSetup/buildBinary.ts', () => ({ buildBinary: () => new Promise(() => {}) }));
vi.mock('../../actors/runtimeSetup/downloadModel.ts', () => ({ downloadModel: () => new Promise(() => {}) }));

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
}

interface Operation {
  security?: unknown[];
  'x-earshot-private'?: boolean;
  parameters: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const jsonType = 'application/json';

type Document = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };

interface DocumentedCall {
  method: string;
  path: string;
  operation: Operation;
}

let directory: ReturnType<typeof temporaryDirectory>;
let service: ServiceTestApp;
/** The collections whose `{id}` is filled with a stored record, so a call that got through would change it. */
let storedIds: Record<string, string>;

beforeEach(() => {
  directory = temporaryDirectory('private-operations');
  service = createServiceTestApp(directory.path);
  const { store } = service;
  const session = store.createSession({ title: 'Kickoff', providerId: 'whisper-cpp' });
  store.setSessionStatus(session.id, 'interrupted');
  store.putTopic({ id: 'topic-work', name: 'Work', emoji: '💼', description: '' });
  store.putTag({ id: 'tag-urgent', name: 'Urgent', color: '#aa0000' });
  store.updateSession(session.id, { topicId: 'topic-work', tagIds: ['tag-urgent'] });
  storedIds = { sessions: session.id, topics: 'topic-work', tags: 'tag-urgent' };
});

afterEach(async () => {
  await service.close();
  directory.remove();
});

const ownerHeader = (): Record<string, string> => ({ Authorization: `Bearer ${service.launchSecret}` });

async function servedDocument(): Promise<Document> {
  const response = await service.app.request('/control/v1/openapi.json', {
    headers: { Host: serviceHost, ...ownerHeader() },
  });
  return (await response.json()) as Document;
}

/** Every operation the document says needs the owner: all but the sign-in link. */
function ownerOperations(document: Document): DocumentedCall[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation['x-earshot-private'] === true && operation.security?.length !== 0)
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

/** The call the document describes, with its examples and stored ids, and `headers` besides. */
function send(
  { method, path, operation }: DocumentedCall,
  headers: Record<string, string>,
): Promise<Response> {
  const collection = path.split('/')[3] ?? '';
  const idExample = operation.parameters.find((parameter) => parameter.in === 'path')?.example;
  const url = new URL(path.replace('{id}', storedIds[collection] ?? String(idExample)), 'http://service');
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query')) {
    if (parameter.required === true) url.searchParams.set(parameter.name, String(parameter.example));
  }
  const [mediaType, body] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const requestHeaders = {
    Host: serviceHost,
    ...headers,
    ...(mediaType ? { 'Content-Type': mediaType } : {}),
  };
  return Promise.resolve(
    service.app.request(url.pathname + url.search, {
      method: method.toUpperCase(),
      headers: requestHeaders,
      body:
        body === undefined
          ? undefined
          : typeof body.example === 'string'
            ? body.example
            : JSON.stringify(body.example),
    }),
  );
}

/** What a call that got through would leave behind: rows, files, the API switch and token, the runtime. */
function stateOfTheService(): unknown {
  const files = readdirSync(directory.path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith(databaseFileName))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return `${path} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
    })
    .sort();
  const { store, access, runtimes } = service;
  return {
    sessions: store.listSessions({ limit: 100, offset: 0 }),
    topics: store.listTopics(),
    tags: store.listTags(),
    access: access.state(),
    runtimeHeld: runtimes.isHeld(),
    files,
  };
}

/** Runs `calls`, and holds that no row was written and nothing else changed meanwhile. */
async function withoutChange(calls: () => Promise<void>): Promise<void> {
  const touched: Array<Record<string, string[]>> = [];
  const stopWatching = service.store.watchRows((rows) => touched.push(rows));
  const before = stateOfTheService();
  await calls();
  stopWatching();
  expect(touched).toStrictEqual([]);
  expect(stateOfTheService()).toStrictEqual(before);
}

/** Makes the call and expects the refusal `code`, with the status and body the document gives it. */
function documentedRefusals(document: Document) {
  const schemaAt = openApiValidator(document);
  return async (call: DocumentedCall, headers: Record<string, string>, code: ErrorCode): Promise<void> => {
    const response = await send(call, headers);
    const status = String(errorStatusByCode[code]);
    const label = `${call.method} ${call.path}`;
    expect(response.status, label).toBe(errorStatusByCode[code]);
    const body: unknown = await response.json();
    expect(body, label).toMatchObject({ code });
    const validate = schemaAt(
      'paths',
      call.path,
      call.method,
      'responses',
      status,
      'content',
      jsonType,
      'schema',
    );
    expect(validate(body), label).toBe(true);
  };
}

describe('every operation the document gives the owner security', () => {
  it('is a route of the control channel, and the control channel has no other', async () => {
    const document = await servedDocument();
    const calls = ownerOperations(document);
    expect(calls.length).toBeGreaterThan(25);
    for (const { path } of calls) expect(path).toMatch(/^\/control\/v1\//);
    const controlOperations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/control/v1/'))
      .flatMap(([, item]) => Object.keys(item));
    expect(controlOperations).toHaveLength(calls.length);
  });

  it('answers 401 unauthorized without a credential, and changes nothing', async () => {
    const document = await servedDocument();
    const refusals = documentedRefusals(document);
    await withoutChange(async () => {
      for (const call of ownerOperations(document)) {
        await refusals(call, {}, 'unauthorized');
        await refusals(call, { Authorization: 'Bearer not-the-launch-secret' }, 'unauthorized');
      }
    });
    expect(service.reportedErrors).toStrictEqual([]);
  });

  it('answers 403 origin_not_allowed to a foreign page, even with the launch secret, and changes nothing', async () => {
    const document = await servedDocument();
    const refusals = documentedRefusals(document);
    await withoutChange(async () => {
      for (const call of ownerOperations(document)) {
        await refusals(call, { ...ownerHeader(), Origin: 'http://evil.example' }, 'origin_not_allowed');
      }
    });
  });

  it('gets past the owner check with the launch secret, to an answer the document lists', async () => {
    const document = await servedDocument();
    const schemaAt = openApiValidator(document);
    const answered: string[] = [];
    // Deletions last, so the other calls on a record find it.
    const calls = ownerOperations(document).sort(
      (left, right) => Number(left.method === 'delete') - Number(right.method === 'delete'),
    );
    for (const call of calls) {
      const response = await send(call, ownerHeader());
      const label = `${call.method} ${call.path} → ${response.status}`;
      expect([401, 403], label).not.toContain(response.status);
      const documented = call.operation.responses[String(response.status)];
      expect(documented, `${label} is not in the document`).toBeDefined();
      const contentType = response.headers.get('content-type')?.split(';')[0] ?? '';
      const schema = documented?.content?.[contentType]?.schema;
      if (response.status !== 204) expect(documented?.content, label).toHaveProperty([contentType]);
      if (contentType === jsonType && schema !== undefined) {
        const validate = schemaAt(
          'paths',
          call.path,
          call.method,
          'responses',
          String(response.status),
          'content',
          contentType,
          'schema',
        );
        const body: unknown = await response.json();
        expect(validate(body), `${label}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      answered.push(label);
    }
    expect(service.reportedErrors).toStrictEqual([]);
    // The examples reach the handlers: most calls succeed rather than being turned away as malformed.
    expect(answered.filter((label) => / → 2\d\d$/.test(label)).length).toBeGreaterThan(answered.length / 2);
  });
});

describe('the sign-in link, the one private operation open to all', () => {
  it('answers as the document says: a used-up link the page of 401, a fresh one a session', async () => {
    const document = await servedDocument();
    const login = document.paths['/login']?.get;
    expect(login?.security).toStrictEqual([]);
    const minted = await service.app.request('/control/v1/login-tokens', {
      method: 'POST',
      headers: { Host: serviceHost, ...ownerHeader() },
    });
    const { url } = (await minted.json()) as { url: string };
    const link = new URL(url);
    for (const [expected, cookie] of [
      [200, true],
      [401, false],
    ] as const) {
      const response = await service.app.request(link.pathname + link.search, {
        headers: { Host: serviceHost },
      });
      expect(response.status).toBe(expected);
      expect(Object.keys(login?.responses[String(expected)]?.content ?? {})).toStrictEqual([
        response.headers.get('content-type')?.split(';')[0],
      ]);
      expect(response.headers.has('set-cookie')).toBe(cookie);
    }
  });
});
