import { describe, expect, it } from 'vitest';

import { createTestApp, validToken, withToken } from './testing/testApp.ts';

const protectedPaths = [
  '/api/v1/sessions',
  '/api/v1/sessions/session-standup',
  '/api/v1/sessions/session-standup/transcript',
  '/api/v1/sessions/session-standup/summary',
  '/api/v1/topics',
  '/api/v1/tags',
  '/api/v1/status',
  '/api/v1/openapi.json',
];

/** Paths that do not exist; without access they must look exactly like paths that do. */
const unknownPaths = ['/api/v1/secrets', '/api/v1', '/api/v1/', '/api/v1/sessions/', '/api/v1/health/extra'];

async function call(path: string, options: { enabled: boolean; token?: string; method?: string }) {
  const { app, verifiedTokens } = createTestApp({ enabled: options.enabled });
  const init: RequestInit = { method: options.method ?? 'GET' };
  const response = await app.request(
    path,
    options.token === undefined ? init : withToken(options.token, init),
  );
  const body = (await response.json()) as { error: string; code: string };
  return { response, body, verifiedTokens };
}

describe('when the API is switched off', () => {
  it.each([...protectedPaths, ...unknownPaths])('%s answers 403 without a token', async (path) => {
    const { response, body } = await call(path, { enabled: false });
    expect(response.status).toBe(403);
    expect(body.code).toBe('api_disabled');
    expect(body.error).toMatch(/settings/);
  });

  it.each([...protectedPaths, ...unknownPaths])('%s answers 403 even with a valid token', async (path) => {
    const { response, body, verifiedTokens } = await call(path, { enabled: false, token: validToken });
    expect(response.status).toBe(403);
    expect(body.code).toBe('api_disabled');
    expect(verifiedTokens).toStrictEqual([]);
  });

  it('still answers 403, not 405, for a wrong method', async () => {
    const { response } = await call('/api/v1/sessions', { enabled: false, method: 'DELETE' });
    expect(response.status).toBe(403);
  });
});

describe('when the API is switched on', () => {
  it.each([...protectedPaths, ...unknownPaths])('%s answers 401 without a token', async (path) => {
    const { response, body } = await call(path, { enabled: true });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(body.code).toBe('unauthorized');
    expect(body.error).toMatch(/Authorization: Bearer/);
  });

  it.each([...protectedPaths, ...unknownPaths])('%s answers 401 with a wrong token', async (path) => {
    const { response, body, verifiedTokens } = await call(path, { enabled: true, token: 'wrong-token' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(body.code).toBe('unauthorized');
    expect(verifiedTokens).toStrictEqual(['wrong-token']);
  });

  it.each(protectedPaths)('%s answers 200 with the valid token', async (path) => {
    const { response } = await call(path, { enabled: true, token: validToken });
    expect(response.status).toBe(200);
  });

  it.each(unknownPaths)('%s answers 404 not_found only once the token is valid', async (path) => {
    const { response, body } = await call(path, { enabled: true, token: validToken });
    expect(response.status).toBe(404);
    expect(body.code).toBe('not_found');
    expect(body.error).toMatch(/openapi\.json/);
  });

  it('answers 401, not 405, for a wrong method without a token', async () => {
    const { response } = await call('/api/v1/sessions', { enabled: true, method: 'POST' });
    expect(response.status).toBe(401);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    '%s on a known path answers 405 with Allow once the token is valid',
    async (method) => {
      for (const path of protectedPaths) {
        const { response, body } = await call(path, { enabled: true, token: validToken, method });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
        expect(body.code).toBe('method_not_allowed');
      }
    },
  );

  it('answers 404, not 405, for a wrong method on an unknown path', async () => {
    const { response } = await call('/api/v1/secrets', { enabled: true, token: validToken, method: 'POST' });
    expect(response.status).toBe(404);
  });
});

describe('/api/v1/health is open', () => {
  it.each([
    { enabled: false, token: undefined },
    { enabled: false, token: validToken },
    { enabled: false, token: 'wrong-token' },
    { enabled: true, token: undefined },
    { enabled: true, token: validToken },
    { enabled: true, token: 'wrong-token' },
  ])('enabled=$enabled token=$token → 200', async ({ enabled, token }) => {
    const { response, body } = await call('/api/v1/health', {
      enabled,
      ...(token === undefined ? {} : { token }),
    });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', apiEnabled: enabled });
  });

  it('answers 405 for a wrong method without asking for a token', async () => {
    const { response } = await call('/api/v1/health', { enabled: false, method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('token extraction', () => {
  async function status(headers: Record<string, string>, path = '/api/v1/topics') {
    const { app, verifiedTokens } = createTestApp();
    const response = await app.request(path, { headers });
    return { status: response.status, verifiedTokens };
  }

  it('accepts the scheme in any letter case', async () => {
    expect((await status({ Authorization: `bearer ${validToken}` })).status).toBe(200);
    expect((await status({ Authorization: `BEARER ${validToken}` })).status).toBe(200);
    expect((await status({ authorization: `BeArEr ${validToken}` })).status).toBe(200);
  });

  it('rejects two tokens, another scheme, or a missing token without asking main', async () => {
    for (const value of [
      `Bearer ${validToken} ${validToken}`,
      `Basic ${validToken}`,
      `Token ${validToken}`,
      'Bearer',
      'Bearer ',
      validToken,
      `Bearer ${validToken},Bearer ${validToken}`,
    ]) {
      const result = await status({ Authorization: value });
      expect(result.status, value).toBe(401);
      expect(result.verifiedTokens, value).toStrictEqual([]);
    }
  });

  it('rejects two Authorization headers, which fetch joins into one value', async () => {
    const headers = new Headers();
    headers.append('Authorization', `Bearer ${validToken}`);
    headers.append('Authorization', `Bearer ${validToken}`);
    const { app } = createTestApp();
    expect((await app.request('/api/v1/topics', { headers })).status).toBe(401);
  });

  it('never reads a token from the query string', async () => {
    const { app } = createTestApp();
    for (const name of ['token', 'access_token', 'api_key']) {
      const response = await app.request(`/api/v1/topics?${name}=${validToken}`);
      expect(response.status, name).toBe(401);
    }
  });

  it('says how to fix a malformed header', async () => {
    const { app } = createTestApp();
    const response = await app.request('/api/v1/topics', { headers: { Authorization: `Basic abc` } });
    expect(((await response.json()) as { error: string }).error).toMatch(/exactly one token/);
  });
});
