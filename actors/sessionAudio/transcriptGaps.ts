import type { TimeRange } from '../../store/transcriptVersionTable.ts';

/**
 * Stretches shorter than this are not gaps: a transcript's last words end a moment before its
 * audio does (the speaker stops, then presses Stop), and a second of that is not worth a request.
 */
export const shortestGapMs = 1_000;

/**
 * Where a session's audio has no committed transcript: before each interruption (`stopsMs`, where
 * each recorded part of the audio ends, the last being the end of the audio), the stretch from the
 * end of the last segment before it, or from the part's start when the part has none, up to it.
 * That is the hole a crash, a refused key or a dead network leaves: audio kept, text never
 * committed. Silences between segments within a part are not gaps. Times are the audio's.
 */
export function transcriptGaps(
  segments: ReadonlyArray<{ startMs: number; endMs: number }>,
  stopsMs: readonly number[],
  shortestMs: number = shortestGapMs,
): TimeRange[] {
  const gaps: TimeRange[] = [];
  let partStartMs = 0;
  for (const stopMs of stopsMs) {
    const transcribedUntil = segments
      .filter((segment) => segment.startMs < stopMs)
      .reduce((end, segment) => Math.max(end, segment.endMs), partStartMs);
    const startMs = Math.max(partStartMs, transcribedUntil);
    if (stopMs - startMs >= shortestMs) gaps.push({ startMs, endMs: stopMs });
    partStartMs = stopMs;
  }
  return gaps;
}
