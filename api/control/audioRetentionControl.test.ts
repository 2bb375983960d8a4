import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { Hono } from 'hono';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  audioPartPath,
  createSessionAudioDirectory,
  sessionAudioDirectory,
} from '../../store/audio/sessionAudioFiles.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createAudioRetentionControl } from './audioRetentionControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('audio-retention-control');
  store = SessionStore.open(directory.path);
  app = new Hono().route(
    '/control/v1',
    createAudioRetentionControl({ store, dataDirectory: directory.path }),
  );
});
afterEach(() => {
  store.close();
  directory.remove();
});

async function call(method: 'GET' | 'PUT', body?: unknown) {
  const response = await app.request('/control/v1/settings/audio-retention', {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

it('keeps audio forever until told otherwise', async () => {
  expect(await call('GET')).toEqual({
    status: 200,
    body: { keep: 'forever', stored: { sessions: 0, bytes: 0 } },
  });
});

it('stores a number of days and deletes at once the audio already past it', async () => {
  store.createSession({ id: 'old', title: 'Old', providerId: 'deepgram' });
  store.setSessionStatus('old', 'completed');
  createSessionAudioDirectory(directory.path, 'old');
  const part = audioPartPath(directory.path, 'old', 1, 'ogg', false);
  writeFileSync(part, 'OggS');
  const longAgo = new Date(Date.now() - 10 * 86_400_000);
  utimesSync(part, longAgo, longAgo);
  store.createSession({ id: 'new', title: 'New', providerId: 'deepgram' });
  createSessionAudioDirectory(directory.path, 'new');
  writeFileSync(audioPartPath(directory.path, 'new', 1, 'webm', true), Buffer.alloc(1_000));
  expect((await call('GET')).body).toEqual({ keep: 'forever', stored: { sessions: 2, bytes: 1_004 } });

  const kept = { sessions: 1, bytes: 1_000 };
  expect(await call('PUT', { keep: 7 })).toEqual({ status: 200, body: { keep: 7, stored: kept } });
  expect(existsSync(sessionAudioDirectory(directory.path, 'old'))).toBe(false);
  expect(await call('GET')).toEqual({ status: 200, body: { keep: 7, stored: kept } });
  expect((await call('PUT', { keep: 'never' })).body).toEqual({ keep: 'never', stored: kept });
});

it.each([0, 1.5, 'sometimes', null])(
  'refuses %j, saying what it takes, and changes nothing',
  async (keep) => {
    const { status, body } = await call('PUT', { keep });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'invalid_request',
      fields: { keep: '"forever", "never", or a number of days from 1 to 36500.' },
    });
    expect((await call('GET')).body).toEqual({ keep: 'forever', stored: { sessions: 0, bytes: 0 } });
  },
);
