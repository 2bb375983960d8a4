import { bytesPerSample, samplesPerMs } from '../../providers/audio/wavFormat.ts';
import type { CapturedFrame } from './capturedFrame.ts';

const bytesPerMs = samplesPerMs * bytesPerSample;

/**
 * Cuts a stream of 16 kHz mono PCM16 into frames of exactly `frameMs`, whatever sizes the stream
 * arrives in; only the last frame may be shorter.
 */
export async function* pcm16Frames(
  pcm: AsyncIterable<Buffer>,
  frameMs: number,
): AsyncGenerator<CapturedFrame> {
  const frameBytes = frameMs * bytesPerMs;
  let sentBytes = 0;
  const frame = (bytes: Buffer): CapturedFrame => {
    const startMs = sentBytes / bytesPerMs;
    sentBytes += bytes.length;
    return { bytes, startMs, durationMs: bytes.length / bytesPerMs };
  };
  let unsent: Buffer = Buffer.alloc(0);
  for await (const data of pcm) {
    unsent = unsent.length === 0 ? data : Buffer.concat([unsent, data]);
    let cut = 0;
    for (; unsent.length - cut >= frameBytes; cut += frameBytes) {
      yield frame(unsent.subarray(cut, cut + frameBytes));
    }
    unsent = unsent.subarray(cut);
  }
  if (unsent.length > 0) yield frame(unsent);
}
