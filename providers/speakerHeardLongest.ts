/** A stretch of audio in which one speaker is heard (milliseconds). */
export interface SpokenStretch {
  speaker?: string | null;
  startMs: number;
  endMs: number;
}

/**
 * The speaker heard longest over the stretches, for a segment that can carry only one speaker
 * while its vendor labels several (words, or speaker turns inside it). A speaker never timed
 * (all zero-length) still counts, the first listed winning ties; undefined when none is named.
 */
export function speakerHeardLongest(stretches: readonly SpokenStretch[]): string | undefined {
  const heardFor = new Map<string, number>();
  for (const { speaker, startMs, endMs } of stretches) {
    if (speaker === undefined || speaker === null) continue;
    heardFor.set(speaker, (heardFor.get(speaker) ?? 0) + Math.max(0, endMs - startMs));
  }
  let longest: { speaker: string; ms: number } | undefined;
  for (const [speaker, ms] of heardFor) {
    if (longest === undefined || ms > longest.ms) longest = { speaker, ms };
  }
  return longest?.speaker;
}
