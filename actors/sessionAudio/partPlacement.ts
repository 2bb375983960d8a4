/**
 * Where a session's recorded parts play in its whole audio. A part noted where its capture began
 * (`startMs`) is padded with silence up to where the next noted part begins, and the first is
 * preceded by silence up to its own start: audio that was never kept (a full disk, retention
 * "never" for a capture) becomes silence of its length, so every line stays at its time. A part
 * longer than its slot is never cut: the parts after it move later. A part without a noted start
 * (kept before Earshot noted them) follows the one before it.
 */

/** Opus decodes at 48 kHz whatever it was recorded at. */
const decodedSampleRate = 48_000;

export interface PlacedPart {
  startMs: number;
  endMs: number;
}

/** Each part's place, given its noted start and its decoded length (ms). */
export function placedParts(
  parts: ReadonlyArray<{ startMs: number | undefined; lengthMs: number }>,
): PlacedPart[] {
  const placed: PlacedPart[] = [];
  let nextMs = parts[0]?.startMs ?? 0;
  parts.forEach((part, index) => {
    const startMs = nextMs;
    placed.push({ startMs, endMs: startMs + part.lengthMs });
    nextMs = startMs + Math.max(part.lengthMs, slotMs(part, parts[index + 1]) ?? 0);
  });
  return placed;
}

/**
 * The ffmpeg `-filter_complex` that joins inputs 0…n-1 (the parts, in order) as placedParts places
 * them, into one stream labelled `[joined]`.
 */
export function joiningFilter(parts: ReadonlyArray<{ startMs: number | undefined }>): string {
  const padded = parts.map((part, index) => {
    const steps: string[] = [];
    if (index === 0 && (part.startMs ?? 0) > 0) steps.push(`adelay=${part.startMs}`);
    const slot = slotMs(part, parts[index + 1]);
    if (slot !== undefined) {
      // The delay's silence counts towards the first part's slot.
      const lengthMs = slot + (index === 0 ? (part.startMs ?? 0) : 0);
      steps.push(`apad=whole_len=${Math.round((lengthMs * decodedSampleRate) / 1000)}`);
    }
    return `[${index}:a]${steps.length === 0 ? 'anull' : steps.join(',')}[part${index}]`;
  });
  const inputs = parts.map((_, index) => `[part${index}]`).join('');
  return [...padded, `${inputs}concat=n=${parts.length}:v=0:a=1[joined]`].join(';');
}

function slotMs(
  part: { startMs: number | undefined },
  next: { startMs: number | undefined } | undefined,
): number | undefined {
  if (part.startMs === undefined || next?.startMs === undefined) return undefined;
  return Math.max(0, next.startMs - part.startMs);
}
