import { bytesPerSample, samplesPerMs, wavHeader } from '../../providers/audio/wavFormat.ts';

const bytesPerMs = samplesPerMs * bytesPerSample;

/**
 * The rolling window of live PCM16 16 kHz mono audio that a windowed-batch provider retranscribes.
 * It is cut by sample count at the times the stabilizer names (never by chunk count), so its start
 * time stays exact however the audio arrived.
 */
export class AudioWindow {
  private pieces: Buffer[] = [];
  private bytes = 0;
  private startByte = 0;

  /** Session audio time where the window starts. */
  get startMs(): number {
    return this.startByte / bytesPerMs;
  }

  get endMs(): number {
    return (this.startByte + this.bytes) / bytesPerMs;
  }

  get durationMs(): number {
    return this.bytes / bytesPerMs;
  }

  append(frame: Uint8Array): void {
    this.pieces.push(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
    this.bytes += frame.byteLength;
  }

  /** Drops the audio before session time `ms` (whole samples); a time outside the window changes nothing past it. */
  trimBefore(ms: number): void {
    const cutByte = Math.min(alignToSample(Math.round(ms * bytesPerMs)), this.startByte + this.bytes);
    let drop = cutByte - this.startByte;
    if (drop <= 0) return;
    this.startByte = cutByte;
    this.bytes -= drop;
    while (drop > 0) {
      const first = this.pieces[0];
      if (first === undefined) break;
      if (first.length <= drop) {
        drop -= first.length;
        this.pieces.shift();
      } else {
        this.pieces[0] = first.subarray(drop);
        drop = 0;
      }
    }
  }

  /** The window's first `durationMs` (all of it by default) as a self-contained WAV file's bytes. */
  toWav(durationMs = this.durationMs): Buffer {
    const samples = this.pcm(durationMs);
    return Buffer.concat([wavHeader(samples.length), samples]);
  }

  /** The window's first `durationMs` of samples (all of them by default). */
  pcm(durationMs = this.durationMs): Buffer {
    const all = Buffer.concat(this.pieces);
    return all.subarray(0, Math.min(all.length, alignToSample(Math.round(durationMs * bytesPerMs))));
  }
}

function alignToSample(byte: number): number {
  return byte - (byte % bytesPerSample);
}
