import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { hostAndOriginGuard } from './hostGuard.ts';
import { createTestApp, withToken } from './testing/testApp.ts';

const port = 23457;

/** The API mounted the way main mounts it: guard on the whole server, API routed at the root. */
function createServer(getPort: () => number = () => port) {
  const server = new Hono();
  server.use('*', hostAndOriginGuard(getPort));
  server.route('/', createTestApp().app);
  server.get('/ui', (context) => context.text('the UI'));
  return server;
}

async function request(headers: Record<string, string>, path = '/api/v1/health') {
  const response = await createServer().request(path, { headers });
  const text = await response.text();
  return { response, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : text };
}

describe('Host header', () => {
  it.each([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`])(
    '%s is served',
    async (host) => {
      const { response } = await request({ Host: host });
      expect(response.status).toBe(200);
    },
  );

  it.each([
    'evil.example',
    `evil.example:${port}`,
    `127.0.0.1:${port + 1}`,
    `localhost:${port + 1}`,
    'localhost',
    '127.0.0.1',
    `0.0.0.0:${port}`,
    `127.0.0.2:${port}`,
    `localhost.:${port}`,
    `::1:${port}`,
    `localhost:${port}@evil.example`,
  ])('%s answers 421 misdirected_request', async (host) => {
    const { response, body } = await request({ Host: host });
    expect(response.status).toBe(421);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ code: 'misdirected_request' });
    expect((body as { error: string }).error).toContain(`localhost:${port}`);
  });

  it('answers 421 when there is no Host header at all', async () => {
    const { response } = await request({});
    expect(response.status).toBe(421);
  });

  it('guards every path of the server, not just the API', async () => {
    const { response } = await request({ Host: 'evil.example' }, '/ui');
    expect(response.status).toBe(421);
    expect((await request({ Host: `localhost:${port}` }, '/ui')).body).toBe('the UI');
  });

  it('reads the port on every request, so a port found after binding is used', async () => {
    let currentPort = 23456;
    const server = createServer(() => currentPort);
    expect((await server.request('/api/v1/health', { headers: { Host: 'localhost:23456' } })).status).toBe(
      200,
    );
    currentPort = 23460;
    expect((await server.request('/api/v1/health', { headers: { Host: 'localhost:23456' } })).status).toBe(
      421,
    );
    expect((await server.request('/api/v1/health', { headers: { Host: 'localhost:23460' } })).status).toBe(
      200,
    );
  });
});

describe('Origin header', () => {
  const host = { Host: `127.0.0.1:${port}` };

  it.each([
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
    `http://[::1]:${port}`,
    `HTTP://LocalHost:${port}`,
  ])('%s is served', async (origin) => {
    const { response } = await request({ ...host, Origin: origin });
    expect(response.status).toBe(200);
  });

  it.each([
    'https://evil.example',
    'http://evil.example',
    `http://evil.example:${port}`,
    `https://localhost:${port}`,
    `http://localhost:${port + 1}`,
    'http://localhost',
    'null',
    '',
    `http://localhost:${port}/`,
  ])('%s answers 403 origin_not_allowed', async (origin) => {
    const { response, body } = await request({ ...host, Origin: origin });
    expect(response.status).toBe(403);
    expect(body).toMatchObject({ code: 'origin_not_allowed' });
  });

  it('refuses a foreign origin before the API looks at the token, and sends no CORS headers', async () => {
    const server = createServer();
    const response = await server.request(
      '/api/v1/sessions',
      withToken(undefined, { headers: { ...host, Origin: 'https://evil.example' } }),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('origin_not_allowed');
    for (const name of response.headers.keys()) expect(name).not.toMatch(/^access-control-/);
  });

  it('lets a good host and a good origin through to the API and its token check', async () => {
    const server = createServer();
    const headers = { ...host, Origin: `http://localhost:${port}` };
    expect((await server.request('/api/v1/sessions', { headers })).status).toBe(401);
    expect((await server.request('/api/v1/sessions', withToken(undefined, { headers }))).status).toBe(200);
  });

  it('keeps the API error handling when mounted with route()', async () => {
    const server = createServer();
    const response = await server.request('/api/v1/no-such-thing', withToken(undefined, { headers: host }));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('not_found');
  });
});
