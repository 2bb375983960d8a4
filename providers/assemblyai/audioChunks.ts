/** PCM16 at 16 kHz mono: 32 bytes per millisecond. */
const bytesPerMs = 32;
export const shortestChunkBytes = 50 * bytesPerMs;
export const longestChunkBytes = 1000 * bytesPerMs;

/**
 * Re-frames PCM16 into the chunks AssemblyAI accepts: each must hold 50–1000 ms of audio, or the
 * stream is closed with 3007. Short frames wait until 50 ms have gathered; long ones are split.
 */
export class AudioChunks {
  private pending = Buffer.alloc(0);

  /** The chunks ready to send once `frame` is added; what is left waits for more audio. */
  push(frame: Uint8Array): Buffer[] {
    this.pending = Buffer.concat([this.pending, frame]);
    const chunks: Buffer[] = [];
    while (this.pending.length >= shortestChunkBytes) {
      const size = Math.min(this.pending.length, longestChunkBytes);
      chunks.push(this.pending.subarray(0, size));
      this.pending = this.pending.subarray(size);
    }
    return chunks;
  }

  /**
   * The audio still waiting at the end of the stream, padded with silence to 50 ms so the last
   * words are not refused as too short; undefined when nothing waits.
   */
  rest(): Buffer | undefined {
    if (this.pending.length === 0) return undefined;
    const chunk = Buffer.alloc(Math.max(this.pending.length, shortestChunkBytes));
    this.pending.copy(chunk);
    this.pending = Buffer.alloc(0);
    return chunk;
  }
}
