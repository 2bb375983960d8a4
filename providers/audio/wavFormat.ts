/** The one audio format every provider is sent: 16 kHz mono PCM16 WAV. */
export const sampleRate = 16_000;
export const bytesPerSample = 2;
export const wavHeaderBytes = 44;
export const samplesPerMs = sampleRate / 1000;

/** The canonical 44-byte header for `dataBytes` of 16 kHz mono PCM16. */
export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(wavHeaderBytes);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * bytesPerSample, 28);
  header.writeUInt16LE(bytesPerSample, 32);
  header.writeUInt16LE(bytesPerSample * 8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Milliseconds from the start of the audio to sample `sample`, whole. */
export function sampleToMs(sample: number): number {
  return Math.round(sample / samplesPerMs);
}
