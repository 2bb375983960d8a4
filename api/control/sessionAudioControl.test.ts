import { readFileSync, writeFileSync } from 'node:fs';
import { Hono } from 'hono';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mediaToolCommand } from '../../actors/fileJob/mediaTools.ts';
import { probeMedia } from '../../actors/fileJob/probeMedia.ts';
import { startSessionAudioWriter } from '../../actors/sessionAudio/sessionAudioWriter.ts';
import { audioPartPath, createSessionAudioDirectory } from '../../store/audio/sessionAudioFiles.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { fixture } from '../../test/support/fixtures.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { webmOpus } from '../../test/support/webmOpus.ts';
import { OwnerAccess } from '../login/ownerAccess.ts';
import { createSessionAudioControl, readsAudioWithMediaKey } from './sessionAudioControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;
let owner: OwnerAccess;

beforeEach(() => {
  directory = temporaryDirectory('session-audio-control');
  store = SessionStore.open(directory.path);
  owner = new OwnerAccess({ launchSecret: 'the-launch-secret', getPort: () => 23456 });
  app = new Hono().route(
    '/control/v1',
    createSessionAudioControl({ store, dataDirectory: directory.path, owner }),
  );
  store.createSession({ id: 'a', title: 'Design review', providerId: 'deepgram' });
});

afterEach(() => {
  store.close();
  directory.remove();
});

const audioBytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

function storedPart(number: number, bytes: Buffer) {
  createSessionAudioDirectory(directory.path, 'a');
  writeFileSync(audioPartPath(directory.path, 'a', number, 'webm', false), bytes);
}

const get = (range?: string) =>
  app.request('/control/v1/sessions/a/audio', { headers: range === undefined ? {} : { range } });

it('serves the whole recording, saying it takes ranges', async () => {
  storedPart(1, audioBytes);
  const response = await get();
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/webm');
  expect(response.headers.get('accept-ranges')).toBe('bytes');
  expect(response.headers.get('content-length')).toBe('1000');
  expect(response.headers.get('content-disposition')).toContain('Design review.webm');
  expect(Buffer.from(await response.arrayBuffer()).equals(audioBytes)).toBe(true);
});

it.each([
  ['bytes=100-199', 100, 199],
  ['bytes=900-', 900, 999],
  ['bytes=-50', 950, 999],
  ['bytes=990-5000', 990, 999],
])('answers %s with 206 and just those bytes', async (range, start, end) => {
  storedPart(1, audioBytes);
  const response = await get(range);
  expect(response.status).toBe(206);
  expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
  expect(response.headers.get('content-length')).toBe(String(end - start + 1));
  expect(Buffer.from(await response.arrayBuffer()).equals(audioBytes.subarray(start, end + 1))).toBe(true);
});

it('refuses a range past the end with 416 and the size', async () => {
  storedPart(1, audioBytes);
  const response = await get('bytes=1000-');
  expect(response.status).toBe(416);
  expect(response.headers.get('content-range')).toBe('bytes */1000');
  expect(await response.json()).toMatchObject({ code: 'range_not_satisfiable' });
});

it('says when a session has no audio, and when there is no such session', async () => {
  expect(await (await get()).json()).toEqual({
    code: 'audio_not_found',
    error:
      'Session a has no recorded audio. Earshot keeps the audio of live recordings and transcribed files; sessions made by earlier versions, or while audio retention was never, have none.',
  });
  expect((await get()).status).toBe(404);
  const unknown = await app.request('/control/v1/sessions/nope/audio');
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: 'session_not_found' });
});

it('joins the parts of a resumed session into one Ogg file as long as both', async () => {
  const pcm = readFileSync(fixture('audio/jfk.wav')).subarray(44);
  for (let capture = 0; capture < 2; capture++) {
    const writer = startSessionAudioWriter({
      dataDirectory: directory.path,
      sessionId: 'a',
      audioFormat: 'pcm16',
      startMs: 0,
      onProblem: () => undefined,
    });
    writer.write(pcm);
    await writer.close();
  }
  const response = await get();
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/ogg');
  const joined = `${directory.path}/joined.ogg`;
  writeFileSync(joined, Buffer.from(await response.arrayBuffer()));
  const { durationMs } = await probeMedia(joined, new AbortController().signal);
  expect(Math.abs((durationMs ?? 0) - 2 * (pcm.length / 32))).toBeLessThan(200);
});

it("serves a recorder's WebM part, which has no duration or Cues, as an Ogg copy a player can seek, leaving the part as recorded", async () => {
  const pcm = readFileSync(fixture('audio/jfk.wav')).subarray(44);
  const recorded = await webmOpus(pcm);
  storedPart(1, recorded);
  const part = audioPartPath(directory.path, 'a', 1, 'webm', false);
  expect((await probeMedia(part, new AbortController().signal)).durationMs).toBeUndefined();

  const response = await get('bytes=0-');
  expect(response.status).toBe(206);
  expect(response.headers.get('content-type')).toBe('audio/ogg');
  const served = `${directory.path}/served.ogg`;
  writeFileSync(served, Buffer.from(await response.arrayBuffer()));
  const { durationMs } = await probeMedia(served, new AbortController().signal);
  expect(Math.abs((durationMs ?? 0) - pcm.length / 32)).toBeLessThan(100);
  expect(readFileSync(part).equals(recorded)).toBe(true);
});

it('makes the Ogg copy once for the ranges a player asks for at once, and serves each the same file', async () => {
  storedPart(1, await webmOpus(readFileSync(fixture('audio/jfk.wav')).subarray(44)));
  // ffmpeg behind a script that notes each run.
  const runs = `${directory.path}/ffmpeg-runs`;
  const ffmpeg = `${directory.path}/ffmpeg`;
  writeFileSync(ffmpeg, `#!/bin/sh\necho run >> "${runs}"\nexec "${mediaToolCommand('ffmpeg')}" "$@"\n`, {
    mode: 0o755,
  });
  process.env.EARSHOT_FFMPEG = ffmpeg;
  try {
    const answers = await Promise.all([get('bytes=0-'), get('bytes=100-'), get()]);
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    expect(readFileSync(runs, 'utf8')).toBe('run\n');
    expect(bodies[1]?.equals(bodies[0]?.subarray(100) ?? Buffer.alloc(0))).toBe(true);
    expect(bodies[2]?.equals(bodies[0] ?? Buffer.alloc(0))).toBe(true);
  } finally {
    delete process.env.EARSHOT_FFMPEG;
  }
});

/** A signed-in browser's `Cookie` header. */
function browserCookie(): string {
  const token = new URL(owner.mintLoginUrl('http://127.0.0.1:23456')).searchParams.get('token') ?? '';
  return owner.logIn(token)?.cookie.split(';')[0] ?? '';
}

const askPlayer = (id: string, cookie?: string) =>
  app.request(`/control/v1/sessions/${id}/audio/player`, {
    method: 'POST',
    headers: cookie === undefined ? {} : { cookie },
  });

it("gives a signed-in browser's player a URL that reads this session's audio alone, with that browser's cookie alone", async () => {
  storedPart(1, audioBytes);
  store.createSession({ id: 'b', title: 'Other', providerId: 'deepgram' });
  const cookie = browserCookie();
  const { url } = (await (await askPlayer('a', cookie)).json()) as { url: string };
  expect(url).toMatch(/^\/control\/v1\/sessions\/a\/audio\?key=[\w-]{43}$/);
  const reads = (href: string, headers: Record<string, string>, method = 'GET') =>
    readsAudioWithMediaKey(owner, new Request(`http://127.0.0.1:23456${href}`, { method, headers }));
  expect(reads(url, { cookie })).toBe(true);
  expect(reads(url, { cookie, range: 'bytes=0-' })).toBe(true);
  expect(reads(url.replace('/a/', '/b/'), { cookie })).toBe(false);
  expect(reads(url.replace('/audio', '/export'), { cookie })).toBe(false);
  expect(reads(url, { cookie }, 'DELETE')).toBe(false);
  expect(reads(url, {})).toBe(false);
  expect(reads(url, { cookie: browserCookie() })).toBe(false);
});

it('gives no player URL for a session without audio, nor to a program without a browser session', async () => {
  const cookie = browserCookie();
  expect(await (await askPlayer('a', cookie)).json()).toEqual({ url: null });
  expect((await askPlayer('nope', cookie)).status).toBe(404);
  storedPart(1, audioBytes);
  const program = await askPlayer('a');
  expect(program.status).toBe(403);
  expect(await program.json()).toMatchObject({ code: 'browser_session_required' });
});
