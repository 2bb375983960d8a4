import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { probeMedia } from '../../actors/fileJob/probeMedia.ts';
import { decodedLengthMs } from '../../actors/fileJob/decodedLength.ts';
import { audioPartStops } from '../../actors/sessionAudio/audioPartStops.ts';
import { repairUnfinishedAudio } from '../../actors/sessionAudio/recordingRepair.ts';
import { wholeSessionAudio } from '../../actors/sessionAudio/wholeSessionAudio.ts';
import { startSessionAudioWriter } from '../../actors/sessionAudio/sessionAudioWriter.ts';
import { audioPartPath, listAudioParts, sessionAudioDirectory } from '../../store/audio/sessionAudioFiles.ts';
import { fixture } from '../support/fixtures.ts';
import { killAudioWriterAfter } from '../support/killedAudioWriter.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { webmOpus } from '../support/webmOpus.ts';

/** The session audio writer with the real ffmpeg: what lands on disk, and what a kill -9 leaves. */
const speech = fixture('audio/jfk.wav');
const pcm = readFileSync(speech).subarray(44);
const pcmMs = (pcm.length / 32_000) * 1000;
let directory: ReturnType<typeof temporaryDirectory>;

beforeEach(() => (directory = temporaryDirectory('session-audio')));
afterEach(() => directory.remove());

function frames(bytes: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size)
    pieces.push(bytes.subarray(offset, offset + size));
  return pieces;
}

async function durationOf(path: string): Promise<number> {
  return (await probeMedia(path, new AbortController().signal)).durationMs ?? 0;
}

it('encodes a PCM16 capture to Opus in Ogg, readable by the user only, whole once closed', async () => {
  const problems: string[] = [];
  const writer = startSessionAudioWriter({
    dataDirectory: directory.path,
    sessionId: 'cli-1',
    audioFormat: 'pcm16',
    startMs: 0,
    onProblem: (message) => problems.push(message),
  });
  for (const frame of frames(pcm, 3200)) writer.write(frame);
  await writer.close();

  const [part] = listAudioParts(directory.path, 'cli-1');
  expect(part).toMatchObject({ number: 1, container: 'ogg', recording: false });
  expect(problems).toEqual([]);
  expect(statSync(part?.path ?? '').mode & 0o777).toBe(0o600);
  expect(statSync(sessionAudioDirectory(directory.path, 'cli-1')).mode & 0o777).toBe(0o700);
  expect(Math.abs((await durationOf(part?.path ?? '')) - pcmMs)).toBeLessThan(100);
  // 24 kbit/s: about 3 KB a second of speech.
  expect(statSync(part?.path ?? '').size).toBeLessThan((pcmMs / 1000) * 4000);
});

it('keeps a WebM/Opus capture byte for byte, and a resumed capture as the next part', async () => {
  const webm = await webmOpus(pcm);
  const first = startSessionAudioWriter({
    dataDirectory: directory.path,
    sessionId: 'app-1',
    audioFormat: 'webm-opus',
    startMs: 0,
    onProblem: () => undefined,
  });
  for (const piece of frames(webm, 4000)) first.write(piece);
  await first.close();
  const resumed = startSessionAudioWriter({
    dataDirectory: directory.path,
    sessionId: 'app-1',
    audioFormat: 'pcm16',
    startMs: pcmMs,
    onProblem: () => undefined,
  });
  resumed.write(pcm);
  await resumed.close();

  const parts = listAudioParts(directory.path, 'app-1');
  expect(parts.map(({ number, container }) => `${number}.${container}`)).toEqual(['1.webm', '2.ogg']);
  expect(parts.map((part) => part.startMs)).toEqual([0, Math.round(pcmMs)]);
  expect(readFileSync(parts[0]?.path ?? '').equals(webm)).toBe(true);
});

it('places a resumed capture at its time, with silence for the audio never kept before it', async () => {
  const captured = async (sessionId: string, startMs: number, audio: Buffer) => {
    const writer = startSessionAudioWriter({
      dataDirectory: directory.path,
      sessionId,
      audioFormat: 'pcm16',
      startMs,
      onProblem: () => undefined,
    });
    writer.write(audio);
    await writer.close();
  };
  // The first capture ran 20 s, but its audio stopped being kept after 4 s (say, a full disk).
  await captured('gap-1', 0, pcm.subarray(0, 4 * 32_000));
  await captured('gap-1', 20_000, pcm);
  const signal = new AbortController().signal;
  const whole = await wholeSessionAudio(directory.path, 'gap-1');
  expect(Math.abs((await decodedLengthMs(whole?.path ?? '', signal)) - (20_000 + pcmMs))).toBeLessThan(100);
  const stops = await audioPartStops(directory.path, 'gap-1', signal);
  expect(Math.abs((stops[0] ?? 0) - 4_000)).toBeLessThan(100);
  expect(Math.abs((stops[1] ?? 0) - (20_000 + pcmMs))).toBeLessThan(100);

  // A lone capture that began at 5 s (the audio before was not kept) starts after 5 s of silence.
  await captured('late-1', 5_000, pcm);
  const late = await wholeSessionAudio(directory.path, 'late-1');
  expect(late?.path).not.toBe(listAudioParts(directory.path, 'late-1')[0]?.path);
  expect(Math.abs((await decodedLengthMs(late?.path ?? '', signal)) - (5_000 + pcmMs))).toBeLessThan(100);
});

it('reports a full disk once and goes on taking audio without throwing', async () => {
  mkdirSync(sessionAudioDirectory(directory.path, 'full-1'), { recursive: true });
  // The part the writer opens is the kernel's always-full device: every write fails with ENOSPC.
  symlinkSync('/dev/full', audioPartPath(directory.path, 'full-1', 1, 'webm', true));
  const problems: string[] = [];
  const writer = startSessionAudioWriter({
    dataDirectory: directory.path,
    sessionId: 'full-1',
    audioFormat: 'webm-opus',
    startMs: 0,
    onProblem: (message) => problems.push(message),
  });
  expect(() => {
    writer.write(Buffer.from('first piece'));
    writer.write(Buffer.from('second piece'));
  }).not.toThrow();
  await writer.close();
  expect(problems).toEqual([
    "The session's audio is no longer being saved (the disk is full); the transcript goes on.",
  ]);
});

it('reports an encoder that cannot start and goes on taking audio', async () => {
  const saved = process.env.EARSHOT_FFMPEG;
  process.env.EARSHOT_FFMPEG = '/nonexistent/ffmpeg';
  try {
    const problems: string[] = [];
    const writer = startSessionAudioWriter({
      dataDirectory: directory.path,
      sessionId: 'no-encoder',
      audioFormat: 'pcm16',
      startMs: 0,
      onProblem: (message) => problems.push(message),
    });
    writer.write(pcm.subarray(0, 3200));
    await writer.close();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('no longer being saved');
  } finally {
    if (saved === undefined) delete process.env.EARSHOT_FFMPEG;
    else process.env.EARSHOT_FFMPEG = saved;
  }
});

// Early (before ffmpeg's first page, were it to wait for input to probe) and in the middle.
it.each([1000, 4000])(
  'recovers a part cut off by kill -9 after %i ms, playable, losing under a second',
  async (killAfterMs) => {
    const fedMs = await killAudioWriterAfter(directory.path, 'killed-1', speech, killAfterMs);
    expect(listAudioParts(directory.path, 'killed-1')).toMatchObject([{ recording: true }]);

    expect(await repairUnfinishedAudio(directory.path)).toEqual([
      audioPartPath(directory.path, 'killed-1', 1, 'ogg', false),
    ]);
    const [part] = listAudioParts(directory.path, 'killed-1');
    expect(part).toMatchObject({ number: 1, container: 'ogg', recording: false });
    expect(await durationOf(part?.path ?? '')).toBeGreaterThan(fedMs - 1000);
    expect(statSync(part?.path ?? '').mode & 0o777).toBe(0o600);
  },
);

it('finishes a WebM part cut off mid-Cluster into a WebM file that knows its length', async () => {
  const webm = await webmOpus(pcm);
  mkdirSync(sessionAudioDirectory(directory.path, 'app-cut'), { recursive: true });
  // What a kill leaves of the app's capture: the pieces received so far, the last one cut short.
  writeFileSync(
    audioPartPath(directory.path, 'app-cut', 1, 'webm', true),
    webm.subarray(0, webm.length - 700),
  );

  await repairUnfinishedAudio(directory.path);
  const [part] = listAudioParts(directory.path, 'app-cut');
  expect(part).toMatchObject({ number: 1, container: 'webm', recording: false });
  expect(await durationOf(part?.path ?? '')).toBeGreaterThan(pcmMs - 1000);
});
