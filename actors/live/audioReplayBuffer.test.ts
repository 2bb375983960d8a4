import { describe, expect, it } from 'vitest';
import { AudioReplayBuffer } from './audioReplayBuffer.ts';

const frame = (value: number) => new Uint8Array([value]);

describe('AudioReplayBuffer', () => {
  it('replays what is not committed yet, from where it starts in the session', () => {
    const buffer = new AudioReplayBuffer();
    for (let index = 0; index < 5; index++) buffer.push(frame(index), 100);
    buffer.release(250);
    expect(buffer.startMs).toBe(200);
    expect(buffer.replay()).toEqual([frame(2), frame(3), frame(4)]);
    expect(buffer.capturedMs).toBe(500);
  });

  it('keeps at most the retained span, dropping the oldest audio', () => {
    const buffer = new AudioReplayBuffer({ maxRetainedMs: 300 });
    for (let index = 0; index < 10; index++) buffer.push(frame(index), 100);
    expect(buffer.replay()).toEqual([frame(7), frame(8), frame(9)]);
  });

  it('puts a WebM stream’s container header, without its first audio, in front of a later replay', () => {
    const buffer = new AudioReplayBuffer({ keepHeader: true });
    const header = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 9, 9]);
    const firstCluster = new Uint8Array([0x1f, 0x43, 0xb6, 0x75, 1]);
    buffer.push(new Uint8Array([...header, ...firstCluster]), 100);
    for (let index = 1; index < 4; index++) buffer.push(frame(index), 100);
    expect(buffer.replay()[0]).toEqual(new Uint8Array([...header, ...firstCluster]));
    buffer.release(200);
    expect(buffer.replay()).toEqual([header, frame(2), frame(3)]);
  });

  it('replays nothing once everything is committed, and starts after it', () => {
    const buffer = new AudioReplayBuffer();
    buffer.push(frame(1), 100);
    buffer.release(100);
    expect(buffer.replay()).toEqual([]);
    expect(buffer.startMs).toBe(100);
  });
});
