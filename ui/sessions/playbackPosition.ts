import type { Segment, SegmentWord } from '../../store/records.ts';
import type { TextMark } from './MarkedText.tsx';

/** Which segment, and which of its words, the audio is at. */
export interface PlaybackPosition {
  seq: number;
  /** The index of the word being spoken, among the segment's `words`; undefined between words' times. */
  word: number | undefined;
}

/**
 * Where moment `atMs` of the session's audio is in its transcript: the last segment started by
 * then, so that a line stays marked through the pause after it; and, while that segment lasts,
 * its last word started by then. Undefined before the first segment. Segments are in time order.
 */
export function playbackPosition(segments: readonly Segment[], atMs: number): PlaybackPosition | undefined {
  const segment = segments[lastStartedBy(segments, atMs)];
  if (segment === undefined) return undefined;
  const words = segment.words ?? [];
  const word = atMs < segment.endMs ? lastStartedBy(words, atMs) : -1;
  return { seq: segment.seq, word: word >= 0 ? word : undefined };
}

/** The index of the last item starting at or before `atMs` (a binary search); -1 for none. */
function lastStartedBy(items: readonly { startMs: number }[], atMs: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((items[middle]?.startMs ?? Infinity) <= atMs) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * Where word `index` of a segment's `words` is in its `text`, to mark it there: the words are found
 * in order, each after the one before, so a word said twice marks the right one. Undefined when the
 * text does not hold it (a corrected line).
 */
export function spokenWordMark(
  text: string,
  words: readonly SegmentWord[],
  index: number,
): TextMark | undefined {
  let from = 0;
  for (let at = 0; at <= index; at++) {
    const word = words[at]?.text.trim() ?? '';
    const start = word === '' ? -1 : text.indexOf(word, from);
    if (start === -1) {
      if (at === index) return undefined;
      continue;
    }
    if (at === index) return { start, end: start + word.length, spoken: true };
    from = start + word.length;
  }
  return undefined;
}
