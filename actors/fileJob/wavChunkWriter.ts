import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChunkLimits } from './chunkLimits.ts';
import { quietestCut } from './quietestCut.ts';
import { bytesPerSample, sampleToMs, wavHeader, wavHeaderBytes } from '../../providers/audio/wavFormat.ts';

/** One self-contained WAV file holding a stretch of the input. */
export interface AudioChunk {
  path: string;
  /** File size, header included. */
  bytes: number;
  /** Where the chunk starts in the whole audio. */
  startMs: number;
  durationMs: number;
}

/**
 * Splits a stream of 16 kHz mono PCM16 into WAV files of at most `limits.maxSamples` samples each,
 * written as the audio arrives. Only the last `quietSearchSamples` are held back in memory: when a
 * chunk reaches its limit, the cut moves to the quietest point among them, so words are not split.
 */
export class WavChunkWriter {
  private readonly directory: string;
  private readonly limits: ChunkLimits;
  private readonly chunks: AudioChunk[] = [];
  /** Samples not yet written, always the newest ones. */
  private pending = Buffer.alloc(0);
  /** A byte of a sample split across two reads. */
  private oddByte: Buffer | undefined;
  private file: FileHandle | undefined;
  private writtenSamples = 0;
  private chunkStartSample = 0;
  private totalSamples = 0;

  constructor(directory: string, limits: ChunkLimits) {
    this.directory = directory;
    this.limits = limits;
  }

  /** Samples received so far. */
  get samples(): number {
    return this.totalSamples;
  }

  async write(bytes: Buffer): Promise<void> {
    let data = this.oddByte === undefined ? bytes : Buffer.concat([this.oddByte, bytes]);
    this.oddByte = data.length % bytesPerSample === 1 ? data.subarray(data.length - 1) : undefined;
    if (this.oddByte !== undefined) data = data.subarray(0, data.length - 1);
    this.totalSamples += data.length / bytesPerSample;
    this.pending = Buffer.concat([this.pending, data]);

    const { maxSamples, quietSearchSamples } = this.limits;
    for (;;) {
      const pendingSamples = this.pending.length / bytesPerSample;
      // Strictly more: audio that ends exactly at the limit stays one chunk instead of leaving a
      // short tail that a provider would pad to a full window.
      if (this.writtenSamples + pendingSamples > maxSamples) {
        // Everything older than the search window is already on disk, so the window is all here.
        const limit = maxSamples - this.writtenSamples;
        const searchStart = Math.max(0, limit - quietSearchSamples);
        const cut =
          searchStart +
          quietestCut(this.pending.subarray(searchStart * bytesPerSample, limit * bytesPerSample));
        await this.append(this.pending.subarray(0, cut * bytesPerSample));
        this.pending = this.pending.subarray(cut * bytesPerSample);
        await this.closeChunk();
      } else {
        const flushable = pendingSamples - quietSearchSamples;
        if (flushable > 0) {
          await this.append(this.pending.subarray(0, flushable * bytesPerSample));
          this.pending = this.pending.subarray(flushable * bytesPerSample);
        }
        return;
      }
    }
  }

  /** Writes what is left as the last chunk and returns every chunk, in order. */
  async finish(): Promise<AudioChunk[]> {
    await this.append(this.pending);
    this.pending = Buffer.alloc(0);
    if (this.writtenSamples > 0) await this.closeChunk();
    return [...this.chunks];
  }

  /** Closes the open file, if any; the caller removes the directory. */
  async abandon(): Promise<void> {
    await this.file?.close();
    this.file = undefined;
  }

  private async append(data: Buffer): Promise<void> {
    if (data.length === 0) return;
    if (this.file === undefined) {
      this.file = await open(this.chunkPath(this.chunks.length), 'w');
      await this.file.write(wavHeader(0), 0, wavHeaderBytes, 0);
    }
    await this.file.write(data, 0, data.length, wavHeaderBytes + this.writtenSamples * bytesPerSample);
    this.writtenSamples += data.length / bytesPerSample;
  }

  private async closeChunk(): Promise<void> {
    const file = this.file;
    if (file === undefined) return;
    const dataBytes = this.writtenSamples * bytesPerSample;
    await file.write(wavHeader(dataBytes), 0, wavHeaderBytes, 0);
    await file.close();
    this.file = undefined;
    const endSample = this.chunkStartSample + this.writtenSamples;
    const startMs = sampleToMs(this.chunkStartSample);
    this.chunks.push({
      path: this.chunkPath(this.chunks.length),
      bytes: wavHeaderBytes + dataBytes,
      startMs,
      durationMs: sampleToMs(endSample) - startMs,
    });
    this.chunkStartSample = endSample;
    this.writtenSamples = 0;
  }

  private chunkPath(index: number): string {
    return join(this.directory, `chunk-${String(index).padStart(4, '0')}.wav`);
  }
}
