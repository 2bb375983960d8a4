import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { openApiValidator } from '../testing/openApiValidator.ts';
import { createServiceTestApp, serviceHost, type ServiceTestApp } from '../testing/serviceTestApp.ts';

interface Operation {
  operationId: string;
  tags?: string[];
  'x-earshot-private'?: boolean;
  security?: Array<Record<string, string[]>>;
  parameters: Array<{ name: string; in: string; required?: boolean; schema: unknown; example?: unknown }>;
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface Document extends Record<string, unknown> {
  openapi: string;
  servers: Array<{ url: string }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The built UI: files for the browser, not an interface for programs; the document leaves them out. */
const pagesOfTheUi = ['GET /', 'GET /index.html', 'GET /assets/*'];

let directory: ReturnType<typeof temporaryDirectory>;
let service: ServiceTestApp;

beforeEach(() => {
  directory = temporaryDirectory('full-openapi');
  service = createServiceTestApp(directory.path);
});

afterEach(async () => {
  await service.close();
  directory.remove();
});

function request(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(service.app.request(path, { headers: { Host: serviceHost, ...headers } }));
}

async function fullDocument(): Promise<Document> {
  const response = await request('/control/v1/openapi.json', {
    Authorization: `Bearer ${service.launchSecret}`,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as Document;
}

async function publicDocument(): Promise<Document> {
  const { token } = service.access.enable();
  const response = await request('/api/v1/openapi.json', { Authorization: `Bearer ${token}` });
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

function operationsOf(document: Document): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

describe('the routes the service registers and the full document', () => {
  it('name the same operations', async () => {
    const document = await fullDocument();
    const documented = operationsOf(document).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    const routes = service.app.routes.map(({ method, path }) => ({
      method,
      path: path.replaceAll(/:(\w+)/g, '{$1}'),
    }));
    const registered = routes
      .filter(({ method }) => method !== 'ALL')
      .map(({ method, path }) => `${method} ${path}`);

    expect(new Set(registered).size, 'a route registered twice').toBe(registered.length);
    expect(registered).toEqual(expect.arrayContaining(pagesOfTheUi));
    expect(registered.filter((route) => !pagesOfTheUi.includes(route)).sort()).toStrictEqual(
      [...documented].sort(),
    );
    // Routes for any method are middleware and catch-alls (paths ending in *), or the REST API's
    // 405 for the other methods of a documented path; none may be an operation of its own.
    for (const { path } of routes.filter((route) => route.method === 'ALL')) {
      expect(path.endsWith('*') || document.paths[path]?.get !== undefined, `ALL ${path}`).toBe(true);
    }
  });

  it('cover both the public and the private routes', async () => {
    const paths = Object.keys((await fullDocument()).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/sessions', '/control/v1/sessions', '/login']));
    expect(paths.filter((path) => path.startsWith('/control/v1/')).length).toBeGreaterThan(25);
  });
});

describe('the full document', () => {
  it('is served to the owner only', async () => {
    const refused = await request('/control/v1/openapi.json');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('keeps the public document as it is, and only there', async () => {
    const full = await fullDocument();
    const publicOne = await publicDocument();
    const prefix = publicOne.servers[0]?.url ?? '';
    expect(prefix).toBe('/api/v1');
    expect(full.servers).toStrictEqual([{ url: '/' }]);
    expect(full.security).toStrictEqual(publicOne.security);
    for (const [path, item] of Object.entries(publicOne.paths)) {
      expect(full.paths[prefix + path], path).toStrictEqual(item);
    }
    expect(Object.keys(full.paths).filter((path) => path.startsWith(prefix))).toHaveLength(
      Object.keys(publicOne.paths).length,
    );
    expect(JSON.stringify(publicOne)).not.toMatch(/control\/v1|x-earshot-private|launchSecret/);
  });

  it('marks every private operation and gives it the owner security', async () => {
    const document = await fullDocument();
    const owner = [{ launchSecret: [] }, { browserSession: [], pageKey: [] }];
    expect(document.components.securitySchemes).toMatchObject({
      launchSecret: { type: 'http', scheme: 'bearer' },
      browserSession: { type: 'apiKey', in: 'cookie', name: `earshot-session-${serviceHost.split(':')[1]}` },
      pageKey: { type: 'apiKey', in: 'header', name: 'X-Earshot-Page-Key' },
    });
    const privateOperations = operationsOf(document).filter(
      ({ path }) => !path.startsWith('/api/v1/') && path !== '/mcp',
    );
    for (const { method, path, operation } of privateOperations) {
      const label = `${method} ${path}`;
      expect(operation['x-earshot-private'], label).toBe(true);
      expect(operation.tags, label).toStrictEqual(['private']);
      const open = method === 'get' && path === '/login';
      expect(operation.security, label).toStrictEqual(open ? [] : owner);
      expect(Object.keys(operation.responses).includes('401'), label).toBe(true);
    }
    for (const { path, operation } of operationsOf(document).filter(({ path }) =>
      path.startsWith('/api/v1/'),
    )) {
      expect(operation['x-earshot-private'], path).toBeUndefined();
    }
    // The MCP endpoint is the REST API's for other programs, and the launch secret's for `earshot mcp`.
    const mcp = document.paths['/mcp']?.post;
    expect(mcp?.['x-earshot-private']).toBeUndefined();
    expect(mcp?.tags).toStrictEqual(['mcp']);
    expect(mcp?.security).toStrictEqual([{ bearerAuth: [] }, { launchSecret: [] }]);
    expect(Object.keys(mcp?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
    for (const requirement of [
      ...document.security,
      ...privateOperations.flatMap(({ operation }) => operation.security ?? []),
      ...(mcp?.security ?? []),
    ]) {
      for (const scheme of Object.keys(requirement))
        expect(document.components.securitySchemes).toHaveProperty(scheme);
    }
  });

  it('gives each operation a unique id, its path parameters and one success answer', async () => {
    const operations = operationsOf(await fullDocument());
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations) {
      const label = `${method} ${path}`;
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const declared = operation.parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name)
        .sort();
      expect(declared, label).toStrictEqual(inPath);
      const successes = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      expect(successes, label).toHaveLength(1);
    }
  });

  it('is OpenAPI 3.1 whose every schema compiles strictly, and whose examples meet their schemas', async () => {
    const document = await fullDocument();
    expect(document.openapi).toBe('3.1.0');
    const schemaAt = openApiValidator(document);
    let compiled = 0;
    for (const { method, path, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [mediaType, { schema }] of Object.entries(response.content ?? {})) {
          if (schema === undefined) continue;
          schemaAt('paths', path, method, 'responses', status, 'content', mediaType, 'schema');
          compiled++;
        }
      }
      for (const [mediaType, { example }] of Object.entries(operation.requestBody?.content ?? {})) {
        const validate = schemaAt('paths', path, method, 'requestBody', 'content', mediaType, 'schema');
        compiled++;
        expect(validate(example), `${method} ${path} body example: ${JSON.stringify(validate.errors)}`).toBe(
          true,
        );
      }
      operation.parameters.forEach((parameter, index) => {
        const validate = schemaAt('paths', path, method, 'parameters', String(index), 'schema');
        compiled++;
        if (parameter.example !== undefined) {
          expect(validate(parameter.example), `${method} ${path} ${parameter.name} example`).toBe(true);
        }
      });
    }
    for (const name of Object.keys(document.components.schemas)) schemaAt('components', 'schemas', name);
    expect(compiled).toBeGreaterThan(300);
  });

  it('fails its schema check for a body that breaks it', async () => {
    const document = await fullDocument();
    const schemaAt = openApiValidator(document);
    const newTag = schemaAt(
      'paths',
      '/control/v1/tags',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    );
    expect(newTag({ name: 'Follow-up' })).toBe(true);
    expect(newTag({ name: 'Follow-up', colour: '#ffffff' })).toBe(false);
    expect(newTag({ name: 'Follow-up', color: 'red' })).toBe(false);
    const confirmation = schemaAt('components', 'schemas', 'ConfirmationRequiredError');
    expect(confirmation({ error: 'Confirm.', code: 'confirmation_required', host: 'api.example.com' })).toBe(
      true,
    );
    expect(confirmation({ error: 'Confirm.', code: 'confirmation_required' })).toBe(false);
  });
});
