import { bytesPerSample, samplesPerMs } from '../../providers/audio/wavFormat.ts';

/** Loudness is compared over frames this long: shorter than a syllable, longer than one wave cycle. */
const frameMs = 10;

/**
 * Where to cut `pcm` (16-bit little-endian mono samples) so the cut falls in its quietest frame:
 * the sample index of that frame's middle. Ties go to the latest frame, which keeps chunks long in
 * silence. A window shorter than one frame is cut at its end.
 */
export function quietestCut(pcm: Buffer): number {
  const samples = Math.floor(pcm.length / bytesPerSample);
  const frameSamples = frameMs * samplesPerMs;
  if (samples < frameSamples) return samples;
  let quietestStart = 0;
  let quietestEnergy = Number.POSITIVE_INFINITY;
  for (let start = 0; start + frameSamples <= samples; start += frameSamples) {
    let energy = 0;
    for (let sample = start; sample < start + frameSamples; sample++) {
      const value = pcm.readInt16LE(sample * bytesPerSample);
      energy += value * value;
    }
    if (energy <= quietestEnergy) {
      quietestEnergy = energy;
      quietestStart = start;
    }
  }
  return quietestStart + frameSamples / 2;
}
