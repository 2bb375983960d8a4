import type { Segment } from '../../store/records.ts';

/** How a crashed job's transcript differs, chunk by chunk, from the same job run without a crash. */
export interface ChunkComparison {
  /** Chunks (from 0) with a segment of the reference missing. */
  lost: number[];
  /** Chunks with a segment present more often than in the reference. */
  duplicated: number[];
  /** Segments the reference has nowhere: text or times that no uninterrupted run gives. */
  unexpectedSegments: number;
}

/**
 * Compares by each segment's text and session times: the fake answers every chunk of the same
 * length with the same words, so only where a segment sits tells one chunk's text from another's.
 * Chunk `i` holds the segments that start within its span of the file.
 */
export function compareChunks(
  reference: readonly Segment[],
  chunkDurationsMs: readonly number[],
  transcribed: readonly Segment[],
): ChunkComparison {
  const starts = chunkDurationsMs.map((_, index) =>
    chunkDurationsMs.slice(0, index).reduce((sum, durationMs) => sum + durationMs, 0),
  );
  const chunkOf = (segment: Segment) => {
    const index = starts.findLastIndex((startMs) => segment.startMs >= startMs);
    return Math.max(0, index);
  };
  const expected = counted(reference);
  const found = counted(transcribed);
  const lost = new Set<number>();
  const duplicated = new Set<number>();
  for (const [key, { segment, count }] of expected) {
    const times = found.get(key)?.count ?? 0;
    if (times < count) lost.add(chunkOf(segment));
    if (times > count) duplicated.add(chunkOf(segment));
  }
  const unexpected = [...found].filter(([key]) => !expected.has(key));
  return {
    lost: [...lost].sort((left, right) => left - right),
    duplicated: [...duplicated].sort((left, right) => left - right),
    unexpectedSegments: unexpected.reduce((sum, [, { count }]) => sum + count, 0),
  };
}

function counted(segments: readonly Segment[]): Map<string, { segment: Segment; count: number }> {
  const counts = new Map<string, { segment: Segment; count: number }>();
  for (const segment of segments) {
    const key = `${segment.startMs}-${segment.endMs} ${segment.text}`;
    const entry = counts.get(key);
    if (entry === undefined) counts.set(key, { segment, count: 1 });
    else entry.count++;
  }
  return counts;
}
