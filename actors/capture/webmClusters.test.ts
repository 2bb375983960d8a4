import { execFileSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.ts';
import type { CapturedFrame } from './capturedFrame.ts';
import { webmClusters } from './webmClusters.ts';
import { mediaToolCommand } from '../fileJob/mediaTools.ts';

/** Cutting real ffmpeg WebM/Opus output at its clusters, however the bytes arrive. */
let webm: Buffer;
const clusterMagic = Buffer.from('1f43b675', 'hex');

beforeAll(() => {
  webm = execFileSync(mediaToolCommand('ffmpeg'), [
    '-nostdin', '-v', 'error', '-i', fixture('audio/zh-16k.wav'), '-ac', '1', '-ar', '48000',
    '-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20', '-f', 'webm', '-live', '1',
    '-cluster_time_limit', '100', 'pipe:1',
  ]); // prettier-ignore
});

function inPieces(bytes: Buffer, size: number): AsyncIterable<Buffer> {
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return Readable.from(pieces) as AsyncIterable<Buffer>;
}

async function cut(pieces: AsyncIterable<Buffer>): Promise<CapturedFrame[]> {
  const frames: CapturedFrame[] = [];
  for await (const frame of webmClusters(pieces, 20)) frames.push(frame);
  return frames;
}

describe('WebM cut at its clusters', () => {
  it('gives the same clusters and times whether the bytes come whole, in sevens or one by one', async () => {
    const whole = await cut(inPieces(webm, webm.length));
    expect(await cut(inPieces(webm, 7))).toEqual(whole);
    expect(await cut(inPieces(webm, 1))).toEqual(whole);
    expect(Buffer.concat(whole.map((frame) => frame.bytes)).equals(webm)).toBe(true);
    expect(whole[0]?.startMs).toBe(0);
    // 6.4 s of speech in clusters of 100 ms.
    expect(whole.length).toBeGreaterThan(60);
    whole.slice(1).forEach((frame) => expect(Buffer.from(frame.bytes).subarray(0, 4)).toEqual(clusterMagic));
  });

  it('sends nothing for a header that no cluster follows', async () => {
    const header = webm.subarray(0, webm.indexOf(clusterMagic));
    expect(await cut(inPieces(header, header.length))).toEqual([]);
  });

  it('passes on what follows the last cluster, as a frame without audio at the end', async () => {
    const trailing = Buffer.from('ec8100', 'hex'); // an EBML Void element of one byte
    const frames = await cut(inPieces(Buffer.concat([webm, trailing]), 4096));
    const beforeLast = frames.at(-2);
    expect(frames.at(-1)).toEqual({
      bytes: trailing,
      startMs: (beforeLast?.startMs ?? 0) + (beforeLast?.durationMs ?? 0),
      durationMs: 0,
    });
  });

  it('refuses a cluster whose size is unknown, which it could not cut out', async () => {
    const header = webm.subarray(0, webm.indexOf(clusterMagic));
    const unsized = Buffer.concat([header, clusterMagic, Buffer.from('01ffffffffffffff', 'hex')]);
    await expect(cut(inPieces(unsized, unsized.length))).rejects.toThrow(/WebM element of unknown size/);
  });
});
