import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { quietestCut } from './quietestCut.ts';
import { WavChunkWriter } from './wavChunkWriter.ts';

let directory: ReturnType<typeof temporaryDirectory>;
beforeEach(() => (directory = temporaryDirectory('chunks')));
afterEach(() => directory.remove());

const samplesPerSecond = 16_000;

/** A loud 440 Hz tone, silent where `quiet` says (in seconds). */
function tone(seconds: number, quiet: Array<[number, number]> = []): Buffer {
  const samples = seconds * samplesPerSecond;
  const pcm = Buffer.alloc(samples * 2);
  for (let sample = 0; sample < samples; sample++) {
    const time = sample / samplesPerSecond;
    const silent = quiet.some(([from, to]) => time >= from && time < to);
    pcm.writeInt16LE(silent ? 0 : Math.round(10_000 * Math.sin(2 * Math.PI * 440 * time)), sample * 2);
  }
  return pcm;
}

async function split(pcm: Buffer, maxSeconds: number, searchSeconds: number, pieceBytes = 4_001) {
  const writer = new WavChunkWriter(directory.path, {
    maxSamples: maxSeconds * samplesPerSecond,
    quietSearchSamples: searchSeconds * samplesPerSecond,
  });
  for (let offset = 0; offset < pcm.length; offset += pieceBytes) {
    await writer.write(pcm.subarray(offset, offset + pieceBytes));
  }
  return writer.finish();
}

describe('quietestCut', () => {
  it('finds the middle of the silent frame', () => {
    const pcm = tone(1, [[0.5, 0.51]]);
    expect(quietestCut(pcm)).toBe(0.5 * samplesPerSecond + 80);
  });

  it('prefers the latest of equally quiet frames, keeping chunks long', () => {
    expect(quietestCut(Buffer.alloc(16_000 * 2))).toBe(16_000 - 80);
  });

  it('cuts a window shorter than a frame at its end', () => {
    expect(quietestCut(Buffer.alloc(100 * 2))).toBe(100);
  });
});

describe('WavChunkWriter', () => {
  it('cuts in the pause before the limit instead of in the middle of a sound', async () => {
    const pcm = tone(10, [[7.5, 7.6]]);
    const chunks = await split(pcm, 9, 3);
    // The last 10 ms frame inside the pause (7.59–7.60 s), cut in its middle.
    expect(chunks.map(({ startMs, durationMs }) => ({ startMs, durationMs }))).toEqual([
      { startMs: 0, durationMs: 7_595 },
      { startMs: 7_595, durationMs: 2_405 },
    ]);
  });

  it('cuts at the limit when the search window holds no pause, never past it', async () => {
    const chunks = await split(tone(10, [[2, 2.1]]), 4, 1);
    expect(chunks.every((chunk) => chunk.durationMs <= 4_000)).toBe(true);
    expect(chunks[0]?.durationMs).toBeGreaterThanOrEqual(3_000);
  });

  it('keeps audio that ends exactly at the limit in one chunk', async () => {
    const chunks = await split(tone(4, [[3.2, 3.4]]), 4, 1);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.durationMs).toBe(4_000);
  });

  it('writes self-contained WAV files whose samples put back together are the input, however it arrives', async () => {
    const pcm = tone(5, [
      [1.2, 1.3],
      [3.7, 3.75],
    ]);
    // Odd sizes split samples between writes.
    for (const pieceBytes of [7, 333, 65_536]) {
      directory.remove();
      directory = temporaryDirectory('chunks');
      const chunks = await split(pcm, 2, 1, pieceBytes);
      const files = chunks.map((chunk) => readFileSync(chunk.path));
      files.forEach((file, index) => {
        expect(file.toString('ascii', 0, 4)).toBe('RIFF');
        expect(file.readUInt32LE(4)).toBe(file.length - 8);
        expect(file.readUInt32LE(40)).toBe(file.length - 44);
        expect(chunks[index]?.bytes).toBe(file.length);
      });
      expect(Buffer.concat(files.map((file) => file.subarray(44))).equals(pcm)).toBe(true);
      expect(readdirSync(directory.path)).toHaveLength(chunks.length);
    }
  });

  it('writes nothing for no audio', async () => {
    expect(await split(Buffer.alloc(0), 2, 1)).toEqual([]);
    expect(readdirSync(directory.path)).toEqual([]);
  });
});
