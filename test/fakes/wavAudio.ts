/** Reads the format and length of a PCM WAV file's bytes, as a fake server sees an upload. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  durationMs: number;
}

export function readWavInfo(bytes: Buffer): WavInfo | undefined {
  if (
    bytes.length < 12 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    return undefined;
  }
  let offset = 12;
  let format: Omit<WavInfo, 'durationMs'> | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      format = {
        channels: bytes.readUInt16LE(offset + 10),
        sampleRate: bytes.readUInt32LE(offset + 12),
        bitsPerSample: bytes.readUInt16LE(offset + 22),
      };
    } else if (id === 'data' && format !== undefined) {
      const available = Math.min(size, bytes.length - offset - 8);
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, durationMs: Math.round((available / bytesPerSecond) * 1000) };
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

/** A silent 16 kHz mono PCM16 WAV of the given length, for tests that need an upload. */
export function silentWav(durationMs: number, sampleRate = 16_000): Buffer {
  return pcmWav(Buffer.alloc(Math.round((durationMs / 1000) * sampleRate) * 2), sampleRate);
}

/** A mono PCM16 WAV holding `pcm`. */
export function pcmWav(pcm: Buffer, sampleRate = 16_000): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
