import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDocument } from '../../store/backup/backupTestData.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createBackupImportControl } from './backupImportControl.ts';
import { uploadsDirectory } from '../../store/uploadedFiles.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;

function mount(maxBackupBytes?: number): void {
  app = new Hono().route(
    '/control/v1',
    createBackupImportControl({ store, dataDirectory: directory.path, maxBackupBytes }),
  );
}

beforeEach(() => {
  directory = temporaryDirectory('backup-import-control');
  store = SessionStore.open(directory.path);
  mount();
});
afterEach(() => {
  store.close();
  directory.remove();
});

async function post(query: string, body: string) {
  const response = await app.request(`/control/v1/import${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

function leftInUploads(): string[] {
  const folder = uploadsDirectory(directory.path);
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** A file of the service's user that the caller should not be able to read through the service. */
function privateFile(name: string, content: string): string {
  const path = join(directory.path, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

describe('POST /import', () => {
  it('restores the backup sent as the body, and keeps no copy of it', async () => {
    const { status, json } = await post('?mode=merge', JSON.stringify(makeDocument()));
    expect(status).toBe(200);
    expect(json).toEqual({ topics: 1, tags: 1, sessions: 1 });
    expect(store.getSession('session-1')?.title).toBe('会议');
    expect((await post('?mode=replace', JSON.stringify(makeDocument()))).status).toBe(200);
    expect(leftInUploads()).toEqual([]);
  });

  it('opens no file by a path the caller names: {"path"} is not a backup, and nothing is read or imported', async () => {
    const elsewhere = { ...makeDocument(), sessions: [] };
    const backupElsewhere = privateFile('their-backup.json', JSON.stringify(elsewhere));
    const secrets = privateFile('secrets.txt', 'owner-api-key=sk-live-4242\n');
    for (const path of [backupElsewhere, secrets]) {
      const old = await post('', JSON.stringify({ path, mode: 'replace' }));
      expect(old).toMatchObject({
        status: 400,
        json: {
          code: 'invalid_request',
          error: 'Send the backup file itself as the body: POST /import?mode=merge|replace.',
        },
      });
      const asBody = await post('?mode=replace', JSON.stringify({ path }));
      expect(asBody.status).toBe(400);
      expect(asBody.json.code).toBe('invalid_backup');
      expect(asBody.text).not.toContain('sk-live-4242');
    }
    expect(store.listSessions({ limit: 1, offset: 0 }).total).toBe(0);
  });

  it('refuses text that is not JSON without quoting any of it', async () => {
    const { status, json, text } = await post(
      '?mode=merge',
      'root:x:0:0:root:/root:/bin/bash\nowner:hunter2:1000',
    );
    expect(status).toBe(400);
    expect(json).toEqual({
      code: 'invalid_backup',
      error: 'This is not a valid Earshot backup:\n  (document): not valid JSON',
    });
    for (const piece of ['root', 'bash', 'hunter2']) expect(text).not.toContain(piece);
    expect(leftInUploads()).toEqual([]);
  });

  it('refuses a backup over the limit with 413, an empty body and an unknown mode, leaving no file', async () => {
    mount(100);
    const large = await post('?mode=merge', JSON.stringify(makeDocument()));
    expect(large).toMatchObject({ status: 413, json: { code: 'upload_too_large' } });
    expect(String(large.json.error)).toContain('earshot import FILE');
    expect((await post('?mode=merge', '')).json.code).toBe('empty_upload');
    expect((await post('?mode=overwrite', '{}')).json.code).toBe('invalid_request');
    expect(leftInUploads()).toEqual([]);
    expect(store.listSessions({ limit: 1, offset: 0 }).total).toBe(0);
  });
});
