import type { TranscriptSegment } from '../../longSessions/transcriptLines.ts';

/**
 * The session's segments by time, to find what a time given by the model points at. A time more
 * than `groundingToleranceMs` before the first segment, after the last, or (for a citation) away
 * from every segment, points at nothing.
 */

export const groundingToleranceMs = 15_000;

export class SegmentTimeline<S extends TranscriptSegment = TranscriptSegment> {
  readonly segments: readonly S[];

  constructor(segments: readonly S[]) {
    this.segments = [...segments].sort((a, b) => a.startMs - b.startMs || a.seq - b.seq);
  }

  get startMs(): number {
    return this.segments[0]?.startMs ?? 0;
  }

  get endMs(): number {
    return this.segments.reduce((end, segment) => Math.max(end, segment.endMs), 0);
  }

  /** The segment whose start is nearest to `ms` (the earlier on a tie), if `ms` is in the session. */
  nearestStart(ms: number, toleranceMs = groundingToleranceMs): S | undefined {
    if (this.segments.length === 0 || ms < this.startMs - toleranceMs || ms > this.endMs + toleranceMs) {
      return undefined;
    }
    const shown = this.startShownAs(ms);
    if (shown !== undefined) return shown;
    const after = this.firstStartingAfter(ms);
    const candidates = [this.segments[after - 1], this.segments[after]].filter(
      (segment) => segment !== undefined,
    );
    return candidates.sort((a, b) => Math.abs(a.startMs - ms) - Math.abs(b.startMs - ms))[0];
  }

  /** The segment that `ms` falls in, else the nearest one within the tolerance. */
  segmentAt(ms: number, toleranceMs = groundingToleranceMs): S | undefined {
    const shown = this.startShownAs(ms);
    if (shown !== undefined) return shown;
    const after = this.firstStartingAfter(ms);
    const distance = (segment: S): number =>
      ms < segment.startMs ? segment.startMs - ms : ms > segment.endMs ? ms - segment.endMs : 0;
    const candidates = [this.segments[after - 1], this.segments[after]]
      .filter((segment) => segment !== undefined)
      .filter((segment) => distance(segment) <= toleranceMs);
    // A citation copies a line's start: the segment starting there wins over one still running.
    return candidates.sort(
      (a, b) => distance(a) - distance(b) || Math.abs(a.startMs - ms) - Math.abs(b.startMs - ms),
    )[0];
  }

  /**
   * The segment whose start the prompt showed as `ms`: lines are stamped in whole seconds, so a
   * model copying `0:12:05` means the line that starts within that second, even when the line
   * before it is still running then.
   */
  private startShownAs(ms: number): S | undefined {
    if (ms % 1000 !== 0) return undefined;
    const segment = this.segments[this.firstStartingAfter(ms - 1)];
    return segment !== undefined && segment.startMs < ms + 1000 ? segment : undefined;
  }

  /** The index of the first segment starting after `ms`. */
  private firstStartingAfter(ms: number): number {
    let low = 0;
    let high = this.segments.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.segments[middle]?.startMs ?? Infinity) <= ms) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
