import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileJob } from '../../actors/fileJob/fileJob.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { fixtureAudio, testProvider, type SeenChunk, type TestProvider } from './fileTranscriptionSupport.ts';
import { mediaToolCommand } from '../../actors/fileJob/mediaTools.ts';

/**
 * The job on real media with Debian's ffmpeg: recorded speech in WAV and MP3, a video made here,
 * and files that are not audio at all. Chunk files go to a private TMPDIR, so each test can check
 * that the job left none behind.
 */
let media: ReturnType<typeof temporaryDirectory>;
let directory: ReturnType<typeof temporaryDirectory>;
let chunkRoot: string;
let store: SessionStore;
const originalTmpdir = process.env.TMPDIR;

beforeAll(() => {
  media = temporaryDirectory('media');
  const ffmpeg = (...args: string[]) =>
    execFileSync(mediaToolCommand('ffmpeg'), ['-nostdin', '-v', 'error', '-y', ...args]);
  ffmpeg(
    '-f', 'lavfi', '-i', 'color=c=blue:s=160x120:r=10:d=3',
    '-i', fixtureAudio('jfk.wav'),
    '-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', join(media.path, 'talk.mp4'),
  ); // prettier-ignore
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=160x120:r=10:d=1',
    '-c:v',
    'mpeg4',
    join(media.path, 'silent.mp4'),
  );
  writeFileSync(join(media.path, 'empty.wav'), Buffer.alloc(0));
  writeFileSync(join(media.path, 'notes.mp3'), 'this is not audio\n'.repeat(300));
  // A WAV header that promises nothing: a valid file with an audio stream and not one sample.
  const header = readFileSync(fixtureAudio('zh-16k.wav')).subarray(0, 44);
  header.writeUInt32LE(0, 40);
  writeFileSync(join(media.path, 'header-only.wav'), header);
});
afterAll(() => media.remove());

beforeEach(() => {
  directory = temporaryDirectory('media-job');
  chunkRoot = join(directory.path, 'tmp');
  mkdirSync(chunkRoot);
  process.env.TMPDIR = chunkRoot;
  store = SessionStore.open(join(directory.path, 'data'));
});
afterEach(() => {
  if (originalTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmpdir;
  store.close();
  directory.remove();
});

async function transcribe(path: string, provider: TestProvider = testProvider(), shownName?: string) {
  const job = createFileJob({
    path,
    shownName,
    definition: provider,
    rawConfig: { apiKey: 'test-key-1234' },
    store,
    resolveBaseUrl: () => Promise.resolve('http://127.0.0.1:9'),
  });
  job.start();
  const final = await job.finished;
  expect(readdirSync(chunkRoot)).toEqual([]);
  return { final, provider, session: store.getSession(job.sessionId) };
}

function rms(samples: Buffer): number {
  let sum = 0;
  for (let offset = 0; offset + 1 < samples.length; offset += 2) sum += samples.readInt16LE(offset) ** 2;
  return Math.sqrt(sum / Math.max(1, samples.length / 2));
}

function ffprobeDurationMs(path: string): number {
  const seconds = execFileSync(mediaToolCommand('ffprobe'), [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    path,
  ]);
  return Number(seconds.toString()) * 1000;
}

const onlyChunk = (seen: SeenChunk[]): SeenChunk => {
  expect(seen).toHaveLength(1);
  return seen[0] as SeenChunk;
};

describe('file job on real media', () => {
  it.each(['jfk.wav', 'jfk.mp3', 'zh-16k.wav', 'long-16k.wav'])(
    'decodes %s to one 16 kHz mono PCM16 WAV of the same length, with speech in it',
    async (name) => {
      const { final, provider, session } = await transcribe(fixtureAudio(name));
      expect(final).toMatchObject({ state: 'completed', error: null, chunkCount: 1 });
      const chunk = onlyChunk(provider.seen);
      expect(chunk.wav).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
      expect(Math.abs(chunk.request.durationMs - ffprobeDurationMs(fixtureAudio(name)))).toBeLessThan(100);
      expect(rms(chunk.data)).toBeGreaterThan(100);
      expect(session).toMatchObject({ status: 'completed', title: name });
    },
  );

  it('the MP3 decodes to the same speech as the WAV it was made from', async () => {
    const fromWav = onlyChunk((await transcribe(fixtureAudio('jfk.wav'))).provider.seen);
    const fromMp3 = onlyChunk((await transcribe(fixtureAudio('jfk.mp3'))).provider.seen);
    // Loudness second by second follows the same contour, whatever the codec's delay and loss.
    const contour = (data: Buffer) =>
      Array.from({ length: 10 }, (_, second) => rms(data.subarray(second * 32_000, (second + 1) * 32_000)));
    const wav = contour(fromWav.data);
    const mp3 = contour(fromMp3.data);
    wav.forEach((level, second) =>
      expect(Math.abs(level - (mp3[second] ?? 0))).toBeLessThan(level * 0.35 + 50),
    );
  });

  it('takes the sound of a video and leaves the pictures', async () => {
    const video = join(media.path, 'talk.mp4');
    const { final, provider } = await transcribe(video);
    expect(final.state).toBe('completed');
    const chunk = onlyChunk(provider.seen);
    expect(chunk.wav).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
    // Three seconds of pictures; AAC ends on a whole frame, a little after.
    expect(chunk.request.durationMs).toBeGreaterThanOrEqual(3_000);
    expect(Math.abs(chunk.request.durationMs - ffprobeDurationMs(video))).toBeLessThan(100);
    expect(rms(chunk.data)).toBeGreaterThan(100);
  });

  it('cuts a long recording in its pauses, keeps the timestamps running and fits every chunk', async () => {
    const provider = testProvider({ fileLimits: { maxDurationMs: 20_000 } });
    const { final, session } = await transcribe(fixtureAudio('long-16k.wav'), provider);
    expect(final).toMatchObject({ state: 'completed', chunkCount: provider.seen.length });
    expect(provider.seen.length).toBeGreaterThanOrEqual(3);
    const whole = Buffer.concat(provider.seen.map((chunk) => chunk.data));
    const frameLoudness = (sample: number) => rms(whole.subarray((sample - 80) * 2, (sample + 80) * 2));
    // Loudness of every 10 ms frame of the recording, to say what "quiet" means for this speaker.
    const frames = Array.from({ length: Math.floor(whole.length / 320) }, (_, index) =>
      rms(whole.subarray(index * 320, (index + 1) * 320)),
    ).sort((left, right) => left - right);
    const quietest = frames[Math.floor(frames.length * 0.25)] ?? 0;
    let cutSample = 0;
    for (const chunk of provider.seen.slice(0, -1)) {
      expect(chunk.request.durationMs).toBeLessThanOrEqual(20_000);
      cutSample += chunk.data.length / 2;
      expect(frameLoudness(cutSample)).toBeLessThanOrEqual(quietest);
    }
    expect(session?.durationMs).toBe(Math.round(whole.length / 32));
    const segments = store.getSegments(session?.id ?? '');
    segments.slice(1).forEach((segment, index) => expect(segment.startMs).toBe(segments[index]?.endMs));
  });
});

describe('file job on files that are not audio', () => {
  it.each([
    ['empty.wav', /empty\.wav is empty; there is no audio to transcribe\.$/],
    ['notes.mp3', /notes\.mp3 is not an audio or video file ffmpeg can read \(Invalid argument\)\.$/],
    ['silent.mp4', /silent\.mp4 has no audio stream to transcribe\.$/],
    ['header-only.wav', /header-only\.wav contains no audio samples to transcribe\.$/],
    ['missing.wav', /^There is no file .*missing\.wav\.$/],
  ])(
    '%s fails the job with a clear error, creating no session and sending nothing',
    async (name, message) => {
      const { final, provider, session } = await transcribe(join(media.path, name));
      expect(final.state).toBe('failed');
      expect(final.error).toMatch(message);
      expect(provider.seen).toEqual([]);
      expect(session).toBeUndefined();
    },
  );

  it.each(['empty.wav', 'notes.mp3', 'silent.mp4', 'header-only.wav', 'missing.wav'])(
    '%s named otherwise (an upload, by the name it was sent with) fails under that name, never its path',
    async (name) => {
      const { final } = await transcribe(join(media.path, name), testProvider(), 'Interview.m4a');
      expect(final.state).toBe('failed');
      expect(final.error).toContain('Interview.m4a');
      expect(final.error).not.toContain(media.path);
    },
  );
});
