import { webmHeaderOf } from './webmHeader.ts';

/** A frame of captured audio and where it sits in the session's audio. */
export interface BufferedFrame {
  bytes: Uint8Array;
  startMs: number;
  durationMs: number;
}

/**
 * The audio a provider has heard but not yet committed, kept so a new stream can hear it again
 * after a drop. Committed audio is released; beyond `maxRetainedMs` the oldest goes (a provider
 * that commits nothing for that long has lost the thread anyway, and memory stays bounded).
 */
export class AudioReplayBuffer {
  private frames: BufferedFrame[] = [];
  private totalMs = 0;
  private readonly maxRetainedMs: number;
  /** A WebM/Opus stream is unreadable without the container header at the start of its first piece. */
  private readonly keepHeader: boolean;
  private header: Uint8Array | undefined;

  constructor(options: { maxRetainedMs?: number; keepHeader?: boolean } = {}) {
    this.maxRetainedMs = options.maxRetainedMs ?? 60_000;
    this.keepHeader = options.keepHeader ?? false;
  }

  /** Audio captured so far, in ms. */
  get capturedMs(): number {
    return this.totalMs;
  }

  /** Where the replayable audio starts in the session. */
  get startMs(): number {
    return this.frames[0]?.startMs ?? this.totalMs;
  }

  push(bytes: Uint8Array, durationMs: number): BufferedFrame {
    const frame = { bytes, startMs: this.totalMs, durationMs };
    this.totalMs += durationMs;
    if (this.keepHeader && this.header === undefined) this.header = webmHeaderOf(bytes);
    this.frames.push(frame);
    while (this.frames.length > 1 && this.totalMs - (this.frames[0]?.startMs ?? 0) > this.maxRetainedMs) {
      this.frames.shift();
    }
    return frame;
  }

  /** Forgets audio that ends at or before `endMs`: it is committed. */
  release(endMs: number): void {
    while (this.frames.length > 0) {
      const first = this.frames[0];
      if (first === undefined || first.startMs + first.durationMs > endMs) break;
      this.frames.shift();
    }
  }

  /**
   * What a new stream must hear: the container header when it has one (unless the kept audio still
   * starts with the first piece, which holds it), then the kept audio.
   */
  replay(): Uint8Array[] {
    const frames = this.frames.map((frame) => frame.bytes);
    const startsAtBeginning = this.frames[0]?.startMs === 0;
    return this.header === undefined || startsAtBeginning ? frames : [this.header, ...frames];
  }
}
