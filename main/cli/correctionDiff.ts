import { changedWords, type TextRun } from '../../store/changedWords.ts';
import { clockTime } from './clockTime.ts';

/** A segment of a proposed correction: its original text beside the corrected one. */
export interface CorrectedSegment {
  startMs: number;
  original: string;
  revised: string;
}

/** Where a removed run of words begins and ends in the original, and an added run in the correction (as `git diff --word-diff`). */
export const removedMarks = { open: '[-', close: '-]' };
export const addedMarks = { open: '{+', close: '+}' };

/**
 * One `[m:ss] old → new` line per segment the correction changed, the changed words marked in
 * both: removed `[-…-]` in the old text, added `{+…+}` in the new. Unchanged segments are left out.
 */
export function correctionDiffLines(segments: readonly CorrectedSegment[]): string[] {
  return segments
    .filter((segment) => segment.revised !== segment.original)
    .map((segment) => {
      const { original, revised } = markedChange(segment.original, segment.revised);
      return `[${clockTime(segment.startMs)}] ${original} → ${revised}`;
    });
}

/** Both texts with the words not common to them marked, the longest common run of words kept unmarked. */
export function markedChange(original: string, revised: string): { original: string; revised: string } {
  const runs = changedWords(original, revised);
  return { original: marked(runs.original, removedMarks), revised: marked(runs.revised, addedMarks) };
}

function marked(runs: readonly TextRun[], marks: { open: string; close: string }): string {
  return runs.map((run) => (run.changed ? `${marks.open}${run.text}${marks.close}` : run.text)).join('');
}
