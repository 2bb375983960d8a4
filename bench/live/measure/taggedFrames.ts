/** 100 ms of 16 kHz mono PCM16, the frame every session sends every 100 ms. */
export const frameMs = 100;
export const frameBytes = (16_000 * 2 * frameMs) / 1000;

/**
 * A frame of silence whose first 8 bytes carry the session and the frame's number (two unsigned
 * 32-bit little-endian integers), so the fake can tell which frame arrived without any other
 * channel: the timestamps of sending and arrival are then matched in the benchmark's process.
 */
export function taggedFrame(sessionId: number, sequence: number): Buffer {
  const frame = Buffer.alloc(frameBytes);
  frame.writeUInt32LE(sessionId, 0);
  frame.writeUInt32LE(sequence, 4);
  return frame;
}

export function frameTag(frame: Buffer): { sessionId: number; sequence: number } | undefined {
  if (frame.length < 8) return undefined;
  return { sessionId: frame.readUInt32LE(0), sequence: frame.readUInt32LE(4) };
}
