import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDocument } from '../../store/backup/backupTestData.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { uploadsDirectory } from '../../store/uploadedFiles.ts';
import { startService, type RunningService } from '../../main/service.ts';
import { earshotVersion } from '../../main/version.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeEach(async () => {
  directory = temporaryDirectory('control-app');
  service = await startService({ dataDirectory: directory.path, port: 0 });
});

afterEach(async () => {
  await service.close();
  directory.remove();
});

function control(path: string, init: RequestInit = {}, secret: string | null = service.launchSecret) {
  return fetch(`${service.baseUrl}/control/v1${path}`, {
    ...init,
    headers: { ...(secret === null ? {} : { authorization: `Bearer ${secret}` }), ...init.headers },
  });
}

function uploadedFiles(): string[] {
  const folder = uploadsDirectory(directory.path);
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** Polls the file system: the server handles a dropped connection in its own time. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never saw ${what}`);
}

describe('the control channel', () => {
  it('refuses every new path without the launch secret, with the one error shape', async () => {
    for (const [method, path] of [
      ['GET', '/service'],
      ['GET', '/sessions'],
      ['DELETE', '/sessions/any'],
      ['GET', '/topics'],
      ['POST', '/tags'],
      ['POST', '/uploads?name=a.wav'],
    ]) {
      for (const secret of [null, 'not-the-secret']) {
        const response = await control(
          path ?? '',
          { method, body: method === 'POST' ? 'x' : undefined },
          secret,
        );
        expect(response.status).toBe(401);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(await response.json()).toEqual({
          code: 'unauthorized',
          error: expect.stringMatching(/launch secret|earshot CLI/) as unknown,
        });
      }
    }
    expect(uploadedFiles()).toEqual([]);
  });

  it('tells where the service listens and keeps its data', async () => {
    const response = await control('/service');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      version: earshotVersion,
      port: service.port,
      baseUrl: service.baseUrl,
      apiBaseUrl: `${service.baseUrl}/api/v1`,
      dataDirectory: directory.path,
    });
  });

  it('serves sessions, topics and tags behind the secret', async () => {
    const created = await control('/topics', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Work' }),
    });
    expect(created.status).toBe(201);
    const { topic } = (await created.json()) as { topic: { id: string } };
    const session = service.store.createSession({ title: 'Kickoff', providerId: 'deepgram' });
    service.store.setSessionStatus(session.id, 'completed');
    const patched = await control(`/sessions/${session.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topicId: topic.id }),
    });
    expect(patched.status).toBe(200);
    const listed = (await (await control(`/sessions?topicId=${topic.id}`)).json()) as { total: number };
    expect(listed.total).toBe(1);
    expect((await control(`/sessions/${session.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('restores only a backup sent as the body: it opens no path a request names, nor quotes a file back', async () => {
    const backup = JSON.stringify(makeDocument());
    const theirs = join(directory.path, 'elsewhere-backup.json');
    const secrets = join(directory.path, 'credentials.txt');
    writeFileSync(theirs, backup, { mode: 0o600 });
    writeFileSync(secrets, 'owner-api-key=sk-live-4242\n', { mode: 0o600 });
    for (const path of [theirs, secrets]) {
      const byPath = await control('/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path, mode: 'merge' }),
      });
      expect(byPath.status).toBe(400);
      const answer = await byPath.text();
      for (const piece of ['owner-api', 'sk-live', 'earshot-backup', '会议'])
        expect(answer).not.toContain(piece);
    }
    expect(service.store.getSession('session-1')).toBeUndefined();

    const sent = await control('/import?mode=merge', { method: 'POST', body: backup });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sessions: 1, topics: 1, tags: 1 });
    expect(service.store.getSession('session-1')?.title).toBe('会议');
    const notJson = await control('/import?mode=merge', { method: 'POST', body: readFileSync(secrets) });
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).not.toContain('owner-api');
    expect(uploadedFiles()).toEqual([]);
  });

  it('answers the older routes in the same error shape', async () => {
    const response = await control('/import', { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'invalid_request',
      error: 'Send the backup file itself as the body: POST /import?mode=merge|replace.',
    });
    const finalize = await control('/sessions/nope/finalize', { method: 'POST' });
    expect(finalize.status).toBe(404);
    expect(((await finalize.json()) as { code: string }).code).toBe('session_not_found');
  });

  it('streams an upload over HTTP, and leaves nothing of one the client drops halfway', async () => {
    const whole = await control('/uploads?name=talk.wav', { method: 'POST', body: new Uint8Array(300_000) });
    expect(whole.status).toBe(201);
    const { path, bytes } = (await whole.json()) as { path: string; bytes: number };
    expect(bytes).toBe(300_000);
    expect(existsSync(path)).toBe(true);

    const dropped = request({
      host: '127.0.0.1',
      port: service.port,
      method: 'POST',
      path: '/control/v1/uploads?name=dropped.wav',
      headers: {
        host: `127.0.0.1:${service.port}`,
        authorization: `Bearer ${service.launchSecret}`,
        'content-length': String(10_000_000),
      },
    });
    dropped.on('error', () => undefined);
    dropped.write(Buffer.alloc(100_000));
    await until(() => uploadedFiles().some((name) => name.endsWith('-dropped.wav')), 'the upload begin');
    dropped.destroy();
    await until(() => !uploadedFiles().some((name) => name.endsWith('-dropped.wav')), 'the broken upload go');
    expect(existsSync(path)).toBe(true);
  });
});
