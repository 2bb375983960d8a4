import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Loudness a window must reach to count as sound: −50 dBFS RMS, below quiet speech (around
 * −30 dBFS) and above the noise floor of a decent microphone. Erring loud would drop words.
 */
const soundRmsThreshold = 32_768 * 10 ** (-50 / 20);
const windowMs = 30;

interface PcmLayout {
  dataOffset: number;
  dataBytes: number;
  samplesPerWindow: number;
}

/**
 * Whether a PCM16 WAV holds any window loud enough to be sound, read as a stream and stopping at
 * the first such window. Anything that is not a PCM16 WAV counts as sound: the server decides.
 */
export async function containsSound(wavPath: string, signal: AbortSignal): Promise<boolean> {
  const layout = await readPcmLayout(wavPath);
  if (layout === undefined) return true;
  if (layout.dataBytes < 2) return false;
  const stream = createReadStream(wavPath, {
    start: layout.dataOffset,
    end: layout.dataOffset + layout.dataBytes - 1,
    signal,
  });
  let carry: Buffer | undefined;
  let sumOfSquares = 0;
  let samplesInWindow = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes: Buffer = carry === undefined ? chunk : Buffer.concat([carry, chunk]);
      const whole = bytes.length - (bytes.length % 2);
      for (let offset = 0; offset < whole; offset += 2) {
        const sample = bytes.readInt16LE(offset);
        sumOfSquares += sample * sample;
        if (++samplesInWindow === layout.samplesPerWindow) {
          if (Math.sqrt(sumOfSquares / samplesInWindow) >= soundRmsThreshold) return true;
          sumOfSquares = 0;
          samplesInWindow = 0;
        }
      }
      carry = whole === bytes.length ? undefined : bytes.subarray(whole);
    }
  } finally {
    stream.destroy();
  }
  return samplesInWindow > 0 && Math.sqrt(sumOfSquares / samplesInWindow) >= soundRmsThreshold;
}

/** Walks the RIFF chunk headers (a few small reads) to find the PCM16 format and the data chunk. */
async function readPcmLayout(wavPath: string): Promise<PcmLayout | undefined> {
  const file = await open(wavPath, 'r');
  try {
    const { size } = await file.stat();
    const riff = Buffer.alloc(12);
    await file.read(riff, 0, 12, 0);
    if (riff.toString('ascii', 0, 4) !== 'RIFF' || riff.toString('ascii', 8, 12) !== 'WAVE') return undefined;
    let offset = 12;
    let format: { channels: number; sampleRate: number } | undefined;
    const header = Buffer.alloc(8);
    while (offset + 8 <= size) {
      await file.read(header, 0, 8, offset);
      const id = header.toString('ascii', 0, 4);
      const chunkBytes = header.readUInt32LE(4);
      if (id === 'fmt ') {
        const body = Buffer.alloc(16);
        await file.read(body, 0, 16, offset + 8);
        const isPcm = body.readUInt16LE(0) === 1;
        const bitsPerSample = body.readUInt16LE(14);
        if (!isPcm || bitsPerSample !== 16) return undefined;
        format = { channels: body.readUInt16LE(2), sampleRate: body.readUInt32LE(4) };
      } else if (id === 'data') {
        if (format === undefined) return undefined;
        return {
          dataOffset: offset + 8,
          dataBytes: Math.min(chunkBytes, size - offset - 8),
          samplesPerWindow: Math.max(1, Math.round((format.sampleRate * format.channels * windowMs) / 1000)),
        };
      }
      offset += 8 + chunkBytes + (chunkBytes % 2);
    }
    return undefined;
  } finally {
    await file.close();
  }
}
