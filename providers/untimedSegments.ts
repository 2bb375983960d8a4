/** A stretch of transcript whose vendor may leave out either of its times (milliseconds). */
export interface PossiblyTimed {
  text: string;
  startMs?: number | null;
  endMs?: number | null;
}

interface Boundary {
  /** Characters of text before it. */
  textAt: number;
  ms: number | undefined;
}
type KnownBoundary = { textAt: number; ms: number };

function knownOr(boundary: Boundary | undefined, otherwise: KnownBoundary): KnownBoundary {
  return boundary?.ms === undefined ? otherwise : { textAt: boundary.textAt, ms: boundary.ms };
}

export type Placed<Stretch extends PossiblyTimed> = Omit<Stretch, 'startMs' | 'endMs'> & {
  startMs: number;
  endMs: number;
};

/**
 * Gives every stretch a place in the audio when the vendor left a time out (Mistral's and Workers
 * AI's answer types allow it), so its words are kept rather than failing the answer. A missing
 * time is read off the nearest known times around it (the audio's start and end at the edges),
 * shared out in proportion to the text between them: untimed stretches keep their order, longer
 * ones get more time, and known times are never moved.
 */
export function placeUntimed<Stretch extends PossiblyTimed>(
  stretches: readonly Stretch[],
  durationMs: number,
): Array<Placed<Stretch>> {
  // Each stretch has two boundaries, its start and its end, each at a place in the text.
  const boundaries: Boundary[] = [];
  let textLength = 0;
  for (const stretch of stretches) {
    boundaries.push({ textAt: textLength, ms: stretch.startMs ?? undefined });
    textLength += stretch.text.length;
    boundaries.push({ textAt: textLength, ms: stretch.endMs ?? undefined });
  }
  const after: KnownBoundary[] = [];
  let known: KnownBoundary = { textAt: textLength, ms: durationMs };
  for (let index = boundaries.length - 1; index >= 0; index--) {
    after[index] = known;
    known = knownOr(boundaries[index], known);
  }
  const times: number[] = [];
  let before: KnownBoundary = { textAt: 0, ms: 0 };
  for (const [index, boundary] of boundaries.entries()) {
    const next = after[index] ?? known;
    const span = next.textAt - before.textAt;
    const share = span === 0 ? 0 : (boundary.textAt - before.textAt) / span;
    const ms = boundary.ms ?? Math.round(before.ms + Math.max(0, next.ms - before.ms) * share);
    times.push(ms);
    before = knownOr(boundary, before);
  }

  return stretches.map((stretch, index) => {
    const startMs = times[index * 2] ?? 0;
    return { ...stretch, startMs, endMs: Math.max(startMs, times[index * 2 + 1] ?? startMs) };
  });
}

/** A vendor's time in seconds as whole milliseconds. */
export function secondsToMs(seconds: number): number {
  return Math.round(seconds * 1000);
}

/** A vendor's time in seconds as whole milliseconds, or null when it gave none. */
export function millisecondsOrNull(seconds: number | null | undefined): number | null {
  return seconds === null || seconds === undefined ? null : secondsToMs(seconds);
}
