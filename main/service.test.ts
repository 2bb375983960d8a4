import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorStatusByCode, type ErrorCode } from '../api/errorCodes.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { launchSecretFileName, serviceFileName } from './serviceFile.ts';
import { startService, type RunningService } from './service.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeEach(async () => {
  directory = temporaryDirectory('service');
  service = await startService({ dataDirectory: directory.path, port: 0 });
});

afterEach(async () => {
  await service.close();
  directory.remove();
});

function api(path: string, token?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${service.baseUrl}/api/v1${path}`, {
    headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
  });
}

async function control(path: string): Promise<Record<string, unknown>> {
  const secret = readFileSync(join(directory.path, launchSecretFileName), 'utf8');
  const response = await fetch(`${service.baseUrl}/control/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('the service', () => {
  it('announces itself in service.json, readable by the user only', () => {
    const path = join(directory.path, serviceFileName);
    const info = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(info).toEqual({
      pid: process.pid,
      port: service.port,
      baseUrl: `http://127.0.0.1:${service.port}`,
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(directory.path, launchSecretFileName)).mode & 0o777).toBe(0o600);
  });

  it('removes service.json on close', async () => {
    await service.close();
    expect(() => statSync(join(directory.path, serviceFileName))).toThrow();
  });

  it('serves the API end to end: open health, 403 while disabled, 401 without a token, 200 with it', async () => {
    expect((await api('/health')).status).toBe(200);
    expect((await api('/sessions')).status).toBe(403);

    const { token } = (await control('/api/enable')) as { token: string };
    expect(token).toMatch(/^es_[A-Za-z0-9_-]{43}$/);
    expect((await api('/sessions')).status).toBe(401);
    expect((await api('/sessions', 'es_wrong')).status).toBe(401);
    const list = await api('/sessions?limit=5&offset=2', token);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ sessions: [], total: 0, limit: 5, offset: 2 });
    expect((await api('/sessions/unknown', token)).status).toBe(404);
    expect((await api('/health')).headers.get('access-control-allow-origin')).toBeNull();

    const rotated = (await control('/api/token')) as { token: string };
    expect((await api('/sessions', token)).status).toBe(401);
    expect((await api('/sessions', rotated.token)).status).toBe(200);

    await control('/api/disable');
    expect((await api('/sessions', rotated.token)).status).toBe(403);
  });

  it('shows stored sessions through the API', async () => {
    const session = service.store.createSession({ title: 'Kickoff', providerId: 'whisper-cpp' });
    service.store.appendSegment(session.id, { text: 'Welcome, everyone.', startMs: 0, endMs: 1200 });
    const { token } = (await control('/api/enable')) as { token: string };
    const body = (await (await api(`/sessions/${session.id}/transcript`, token)).json()) as Record<
      string,
      unknown
    >;
    expect(body).toEqual({
      sessionId: session.id,
      transcript: 'Welcome, everyone.',
      translatedTranscript: null,
      correctedTranscript: null,
      // Additive: the names given to the session's speakers, none here.
      speakerNames: {},
    });
    const search = (await (await api('/sessions?search=WELCOME', token)).json()) as { total: number };
    expect(search.total).toBe(1);
  });

  it('refuses a foreign Host or Origin on every path', async () => {
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const outgoing = request(
          { host: '127.0.0.1', port: service.port, path: '/api/v1/health', headers: { host } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
      });
    expect(await status(`localhost:${service.port}`)).toBe(200);
    expect(await status(`evil.example:${service.port}`)).toBe(421);
    expect(await status(`127.0.0.1:${service.port + 1}`)).toBe(421);
    expect((await api('/health', undefined, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetch(`${service.baseUrl}/elsewhere`)).status).toBe(404);
  });

  it('answers a WebSocket upgrade on an unknown path with an HTTP error instead of hanging', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request({
        host: '127.0.0.1',
        port: service.port,
        path: '/ws/nothing',
        headers: { connection: 'Upgrade', upgrade: 'websocket', host: `127.0.0.1:${service.port}` },
      });
      outgoing.on('response', (response) => resolve(response.statusCode ?? 0));
      outgoing.on('upgrade', () => reject(new Error('upgraded')));
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(status).toBe(404);
  });

  it('refuses control commands without the launch secret', async () => {
    const response = await fetch(`${service.baseUrl}/control/v1/api/enable`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-secret' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="earshot"');
    expect((await api('/health')).status).toBe(200);
    expect(((await (await api('/health')).json()) as { apiEnabled: boolean }).apiEnabled).toBe(false);
  });

  it('answers every refusal with one body, {error, code}, and the status of its code, whatever layer refuses', async () => {
    /** Raw bytes to the port: the only way to send what fetch would not (a bad request line, a foreign Host). */
    const raw = (bytes: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(service.port, '127.0.0.1', () => socket.end(bytes));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const body = text.slice(text.indexOf('\r\n\r\n') + 4);
          resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body });
        });
      });
    const host = `127.0.0.1:${service.port}`;
    const upgrade = (path: string, headers = '') =>
      raw(
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${headers}\r\n`,
      );
    const viaFetch = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${service.baseUrl}${path}`, init);
      return { status: response.status, body: await response.text() };
    };
    const refusals: Array<[ErrorCode, { status: number; body: string }]> = [
      ['bad_request', await raw('NOT HTTP AT ALL\r\n\r\n')],
      [
        'headers_too_large',
        await raw(`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      ],
      [
        'misdirected_request',
        await raw(`GET /api/v1/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`),
      ],
      [
        'origin_not_allowed',
        await viaFetch('/control/v1/api/enable', {
          method: 'POST',
          headers: { origin: 'https://evil.example' },
        }),
      ],
      ['unauthorized', await viaFetch('/control/v1/api/enable', { method: 'POST' })],
      ['api_disabled', await viaFetch('/api/v1/sessions')],
      ['not_found', await viaFetch('/nothing/here')],
      ['not_found', await upgrade('/ws/nothing')],
      ['unauthorized', await upgrade('/ws/app')],
      ['origin_not_allowed', await upgrade('/ws/app', 'Origin: https://evil.example\r\n')],
    ];
    for (const [code, answer] of refusals) {
      expect(JSON.parse(answer.body), code).toEqual({ error: expect.any(String) as string, code });
      expect(answer.status, code).toBe(errorStatusByCode[code]);
    }
  });
});
