import { silentWav } from '../wavAudio.ts';

/**
 * A 16 kHz mono PCM16 WAV that is silent except for a 440 Hz tone at `amplitudeDbfs` (peak) from
 * `toneStartMs` for `toneMs`: sound the silence gate must notice, placed where a test wants it.
 */
export function toneWav(
  durationMs: number,
  tone: { toneStartMs: number; toneMs: number; amplitudeDbfs: number },
  sampleRate = 16_000,
): Buffer {
  const wav = silentWav(durationMs, sampleRate);
  const peak = 32_767 * 10 ** (tone.amplitudeDbfs / 20);
  const first = Math.round((tone.toneStartMs / 1000) * sampleRate);
  const count = Math.round((tone.toneMs / 1000) * sampleRate);
  for (let index = 0; index < count; index++) {
    const offset = 44 + (first + index) * 2;
    if (offset + 2 > wav.length) break;
    wav.writeInt16LE(Math.round(peak * Math.sin((2 * Math.PI * 440 * index) / sampleRate)), offset);
  }
  return wav;
}
