import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CapturedFrame } from './capturedFrame.ts';
import { pcm16Frames } from './pcm16Frames.ts';

/** Counting bytes, so that any lost, doubled or reordered byte shows. */
const audio = Buffer.from(Array.from({ length: 17_800 }, (_, index) => index % 251));

async function cut(sizes: number[], frameMs: number): Promise<CapturedFrame[]> {
  const pieces: Buffer[] = [];
  for (let start = 0, index = 0; index < sizes.length; start += sizes[index] ?? 0, index++) {
    pieces.push(audio.subarray(start, start + (sizes[index] ?? 0)));
  }
  const frames: CapturedFrame[] = [];
  for await (const frame of pcm16Frames(Readable.from(pieces) as AsyncIterable<Buffer>, frameMs)) {
    frames.push(frame);
  }
  return frames;
}

describe('PCM16 cut into frames', () => {
  it('makes exact frames whatever sizes the stream arrives in, and keeps every byte in order', async () => {
    const frames = await cut([1, 3199, 3201, 6399, 1000, 4000], 100);
    expect(frames.map((frame) => frame.bytes.length)).toEqual([3200, 3200, 3200, 3200, 3200, 1800]);
    expect(frames.map((frame) => frame.startMs)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(frames.map((frame) => frame.durationMs)).toEqual([100, 100, 100, 100, 100, 56.25]);
    expect(Buffer.concat(frames.map((frame) => frame.bytes)).equals(audio)).toBe(true);
  });

  it('sends no frame for no audio, and no empty last frame when the audio ends on a frame', async () => {
    expect(await cut([], 100)).toEqual([]);
    expect((await cut([640, 640], 20)).map((frame) => frame.bytes.length)).toEqual([640, 640]);
  });
});
