import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { captureFile, type CapturedFrame, type FileCaptureOptions } from './fileCapture.ts';
import { isProcessAlive } from '../runtimeSetup/runtimeRecord.ts';
import { mediaToolCommand } from '../fileJob/mediaTools.ts';

/**
 * File capture with Debian's ffmpeg on the shared recordings and on files made here. Pacing is
 * checked from below only (a frame is never early); most tests play fast so the suite stays quick.
 */
let media: ReturnType<typeof temporaryDirectory>;
const fixtureAudio = (name: string) => fixture(`audio/${name}`);
const ffmpeg = (...args: string[]) =>
  execFileSync(mediaToolCommand('ffmpeg'), ['-nostdin', '-v', 'error', '-y', ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });

beforeAll(() => {
  media = temporaryDirectory('capture');
  // 1.05 s: ten whole 100 ms frames and half of one.
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.05', '-ar', '16000', '-ac', '1', at('tone.wav'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=160x120:r=10:d=1', '-c:v', 'mpeg4', at('silent.mp4'));
  writeFileSync(at('empty.wav'), Buffer.alloc(0));
  writeFileSync(at('notes.mp3'), 'this is not audio\n'.repeat(300));
  // A WAV header that promises nothing: a valid file with an audio stream and not one sample.
  const header = readFileSync(fixtureAudio('zh-16k.wav')).subarray(0, 44);
  header.writeUInt32LE(0, 40);
  writeFileSync(at('header-only.wav'), header);
});
afterAll(() => media.remove());

function at(name: string): string {
  return join(media.path, name);
}

/** A copy of the long recording under a name of its own, so its ffmpeg can be told from others. */
function longRecording(name: string): string {
  copyFileSync(fixtureAudio('long-16k.wav'), at(name));
  return at(name);
}

interface Released extends CapturedFrame {
  releasedAt: number;
}

async function play(options: FileCaptureOptions): Promise<Released[]> {
  const released: Released[] = [];
  for await (const frame of captureFile(options)) released.push({ ...frame, releasedAt: performance.now() });
  return released;
}

/** ffmpeg straight to 16 kHz mono PCM16, to compare with what capture played. */
function decodedPcm(path: string): Buffer {
  return ffmpeg('-i', path, '-map', '0:a:0', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1');
}

const joined = (frames: CapturedFrame[]) => Buffer.concat(frames.map((frame) => frame.bytes));

/** Running ffmpeg processes given `path` (their command line is in /proc). */
function ffmpegProcessesReading(path: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv[0] === mediaToolCommand('ffmpeg') && argv.includes(path);
      } catch {
        return false; // it ended while being looked at
      }
    })
    .map(Number);
}

function onlyFfmpegReading(path: string): number {
  const pids = ffmpegProcessesReading(path);
  expect(pids).toHaveLength(1);
  return pids[0] ?? -1;
}

async function untilGone(pid: number): Promise<void> {
  for (let tries = 0; isProcessAlive(pid) && tries < 250; tries++)
    await new Promise((wait) => setTimeout(wait, 20));
  expect(isProcessAlive(pid)).toBe(false);
}

/** Each frame no earlier than its audio time, divided by the speed, after the first; in order. */
function expectPacedNoFasterThan(frames: Released[], speed: number): void {
  const first = frames[0]?.releasedAt ?? 0;
  // A millisecond for the moments between the capture starting its clock and the test reading its own.
  frames.forEach((frame) =>
    expect(frame.releasedAt - first).toBeGreaterThanOrEqual(frame.startMs / speed - 1),
  );
  frames
    .slice(1)
    .forEach((frame, index) => expect(frame.startMs).toBeGreaterThan(frames[index]?.startMs ?? 0));
}

describe('file capture as PCM16', () => {
  it('cuts 16 kHz mono PCM16 into exact 100 ms frames of 3200 bytes; only the last is shorter', async () => {
    const frames = await play({ path: at('tone.wav'), format: 'pcm16', speed: Infinity });
    expect(frames.map((frame) => frame.bytes.length)).toEqual([...Array<number>(10).fill(3200), 1600]);
    expect(frames.map((frame) => frame.startMs)).toEqual([
      0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000,
    ]);
    expect(frames.map((frame) => frame.durationMs)).toEqual([...Array<number>(10).fill(100), 50]);
  });

  it.each(['jfk.wav', 'jfk.mp3', 'zh-16k.wav'])(
    'plays %s as exactly the audio ffmpeg decodes',
    async (name) => {
      const frames = await play({ path: fixtureAudio(name), format: 'pcm16', speed: Infinity });
      const pcm = decodedPcm(fixtureAudio(name));
      expect(joined(frames).equals(pcm)).toBe(true);
      const last = frames.at(-1);
      expect((last?.startMs ?? 0) + (last?.durationMs ?? 0)).toBe(pcm.length / 32);
      frames.slice(0, -1).forEach((frame) => expect(frame.bytes.length).toBe(3200));
    },
  );

  it('takes the frame length it is given', async () => {
    const frames = await play({ path: at('tone.wav'), format: 'pcm16', speed: Infinity, frameMs: 20 });
    expect(frames).toHaveLength(53);
    frames.slice(0, -1).forEach((frame, index) => {
      expect(frame.bytes.length).toBe(640);
      expect(frame.startMs).toBe(index * 20);
    });
    expect(frames.at(-1)?.bytes.length).toBe(320);
  });

  it('plays in real time at speed 1: a 2 s recording takes its 2 s, frame k no sooner than k × 100 ms', async () => {
    const startedAt = performance.now();
    const frames = await play({ path: fixtureAudio('sil2.wav'), format: 'pcm16' });
    expect(frames).toHaveLength(20);
    expectPacedNoFasterThan(frames, 1);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(1_900);
  });

  it('plays N times faster at speed N, every frame at its own time', async () => {
    const frames = await play({ path: fixtureAudio('jfk.wav'), format: 'pcm16', speed: 25 });
    expect(frames).toHaveLength(110);
    expectPacedNoFasterThan(frames, 25);
    expect((frames.at(-1)?.releasedAt ?? 0) - (frames[0]?.releasedAt ?? 0)).toBeGreaterThanOrEqual(
      10_900 / 25 - 1,
    );
  });

  it('plays as fast as ffmpeg decodes at speed Infinity (57 s of audio well inside the time limit)', async () => {
    const path = fixtureAudio('long-16k.wav');
    const frames = await play({ path, format: 'pcm16', speed: Infinity });
    expect(joined(frames).length).toBe(decodedPcm(path).length);
  });

  it('keeps ffmpeg only a few seconds ahead of the frames released', async () => {
    const path = longRecording('backpressure.wav');
    for await (const frame of captureFile({ path, format: 'pcm16' })) {
      expect(frame.startMs).toBe(0);
      const pid = onlyFfmpegReading(path);
      // Unchecked, ffmpeg decodes the whole 57 s (1.8 MB) in a few milliseconds.
      await new Promise((wait) => setTimeout(wait, 300));
      const written = Number(/wchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(10 * 32_000);
      expect(isProcessAlive(pid)).toBe(true);
      break;
    }
  });
});

describe('file capture as WebM/Opus', () => {
  it('starts with the EBML magic, sends one cluster per frame and decodes back to the recording', async () => {
    const frames = await play({ path: fixtureAudio('jfk.wav'), format: 'webm-opus', speed: Infinity });
    expect(
      Buffer.from(frames[0]?.bytes ?? [])
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('1a45dfa3');
    frames.slice(1).forEach((frame) => {
      expect(Buffer.from(frame.bytes).subarray(0, 4).toString('hex')).toBe('1f43b675');
    });
    // Each cluster's audio runs up to where the next one starts.
    frames.slice(1).forEach((frame, index) => {
      const previous = frames[index];
      expect(frame.startMs).toBe((previous?.startMs ?? 0) + (previous?.durationMs ?? 0));
    });
    expect(frames.slice(1, -1).every((frame) => frame.durationMs === 100)).toBe(true);

    const file = at('played.webm');
    writeFileSync(file, joined(frames));
    expect(Math.abs(decodedPcm(file).length / 32 - 11_000)).toBeLessThan(100);
    const last = frames.at(-1);
    expect(Math.abs((last?.startMs ?? 0) + (last?.durationMs ?? 0) - 11_000)).toBeLessThan(100);
  });

  it('paces WebM by the audio time of its clusters', async () => {
    const frames = await play({ path: fixtureAudio('zh-16k.wav'), format: 'webm-opus', speed: 25 });
    expect(frames.length).toBeGreaterThan(60);
    expectPacedNoFasterThan(frames, 25);
  });

  it('makes clusters of the frame length it is given', async () => {
    const frames = await play({
      path: fixtureAudio('jfk.wav'),
      format: 'webm-opus',
      speed: Infinity,
      frameMs: 200,
    });
    expect(frames.slice(1, -1).every((frame) => frame.durationMs === 200)).toBe(true);
    expect(frames.length).toBeGreaterThan(50);
  });
});

describe('stopping a capture', () => {
  it('aborting mid-way ends the iteration without an error and ffmpeg with it', async () => {
    const path = longRecording('abort.wav');
    const controller = new AbortController();
    const frames: CapturedFrame[] = [];
    let pid = -1;
    for await (const frame of captureFile({ path, format: 'pcm16', signal: controller.signal })) {
      frames.push(frame);
      if (frames.length === 3) {
        pid = onlyFfmpegReading(path);
        controller.abort();
      }
    }
    expect(frames).toHaveLength(3);
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('aborting while nobody asks for frames stops ffmpeg at once; the next call ends', async () => {
    const path = longRecording('abort-idle.wav');
    const controller = new AbortController();
    const frames = captureFile({ path, format: 'webm-opus', signal: controller.signal });
    expect((await frames.next()).done).toBe(false);
    const pid = onlyFfmpegReading(path);
    controller.abort();
    await untilGone(pid);
    expect(await frames.next()).toEqual({ done: true, value: undefined });
  });

  it('leaving the loop early stops ffmpeg before the loop is left', async () => {
    const path = longRecording('break.wav');
    let pid = -1;
    for await (const frame of captureFile({ path, format: 'webm-opus' })) {
      expect(frame.startMs).toBe(0);
      pid = onlyFfmpegReading(path);
      break;
    }
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('an already aborted capture plays nothing and starts no ffmpeg', async () => {
    const path = longRecording('aborted.wav');
    const frames = await play({ path, format: 'pcm16', signal: AbortSignal.abort() });
    expect(frames).toEqual([]);
    expect(ffmpegProcessesReading(path)).toEqual([]);
  });
});

describe('file capture of files that are not audio', () => {
  it.each([
    ['empty.wav', /empty\.wav is empty; there is no audio to transcribe\.$/],
    ['notes.mp3', /notes\.mp3 is not an audio or video file ffmpeg can read \(Invalid argument\)\.$/],
    ['silent.mp4', /silent\.mp4 has no audio stream to transcribe\.$/],
    ['header-only.wav', /header-only\.wav contains no audio samples to transcribe\.$/],
    ['missing.wav', /^There is no file .*missing\.wav\.$/],
  ])('%s fails before any frame with a clear error, in both formats', async (name, message) => {
    for (const format of ['pcm16', 'webm-opus'] as const) {
      const frames: CapturedFrame[] = [];
      const playing = (async () => {
        for await (const frame of captureFile({ path: at(name), format, speed: Infinity }))
          frames.push(frame);
      })();
      await expect(playing).rejects.toThrow(message);
      expect(frames).toEqual([]);
    }
  });

  it('refuses a speed or frame length it cannot play', async () => {
    const path = fixtureAudio('jfk.wav');
    await expect(play({ path, format: 'pcm16', speed: 0 })).rejects.toThrow(/speed must be above 0, not 0/);
    await expect(play({ path, format: 'pcm16', frameMs: 2.5 })).rejects.toThrow(
      /whole number of milliseconds/,
    );
  });
});
