import { comparisonKey } from '../../../actors/batch/stabilizerWords.ts';
import { percentile } from '../../support/units.ts';
import type { SpokenTimeline } from '../speech/spokenTimeline.ts';
import type { SimulationRecord } from './pipelineSimulation.ts';
import { alignWords } from './transcriptAlignment.ts';

/** The figures issue #5 sets targets for, over the whole input or one slice of it. */
export interface StabilizerFigures {
  spokenWords: number;
  committedWords: number;
  /** Commit time − the spoken end of the word, over words committed (right or misheard). */
  meanLatencyMs: number;
  p95LatencyMs: number;
  /** Characters of displayed text later retracted ÷ committed characters. */
  erasure: number;
  /**
   * First shown − the spoken end of the word, over words committed: when the display (committed
   * text or tentative tail) first showed the word as it was finally committed, at its place.
   */
  meanDisplayLatencyMs: number;
  /** (misheard + duplicated + dropped) ÷ spoken words. */
  wordErrorRate: number;
  misheard: number;
  /** Committed words beyond what was said (insertions of the alignment). */
  duplicated: number;
  /** Spoken words missing from the committed transcript (deletions of the alignment). */
  dropped: number;
  /** Audio uploaded ÷ audio spoken. */
  costMultiplier: number;
  meanWindowMs: number;
}

interface Tally {
  latencies: number[];
  displayLatencies: number[];
  spokenWords: number;
  committedWords: number;
  committedCharacters: number;
  retractedCharacters: number;
  misheard: number;
  duplicated: number;
  dropped: number;
  uploadedMs: number;
  uploads: number;
  spokenMs: number;
}

const emptyTally = (): Tally => ({
  latencies: [],
  displayLatencies: [],
  spokenWords: 0,
  committedWords: 0,
  committedCharacters: 0,
  retractedCharacters: 0,
  misheard: 0,
  duplicated: 0,
  dropped: 0,
  uploadedMs: 0,
  uploads: 0,
  spokenMs: 0,
});

/**
 * Characters of the earlier display that the later one no longer shows: everything after their
 * common prefix. The committed text (its first `unchangedLength` characters) is never retracted.
 */
function retractedCharacters(before: string, after: string, unchangedLength: number): number {
  let common = Math.min(unchangedLength, before.length);
  while (common < before.length && before[common] === after[common]) common++;
  return before.length - common;
}

function figuresOf(tally: Tally): StabilizerFigures {
  const sorted = [...tally.latencies].sort((left, right) => left - right);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    spokenWords: tally.spokenWords,
    committedWords: tally.committedWords,
    meanLatencyMs: sorted.length === 0 ? 0 : sum / sorted.length,
    p95LatencyMs: percentile(sorted, 0.95),
    erasure: tally.committedCharacters === 0 ? 0 : tally.retractedCharacters / tally.committedCharacters,
    meanDisplayLatencyMs:
      tally.displayLatencies.length === 0
        ? 0
        : tally.displayLatencies.reduce((total, value) => total + value, 0) / tally.displayLatencies.length,
    wordErrorRate:
      tally.spokenWords === 0 ? 0 : (tally.misheard + tally.duplicated + tally.dropped) / tally.spokenWords,
    misheard: tally.misheard,
    duplicated: tally.duplicated,
    dropped: tally.dropped,
    costMultiplier: tally.spokenMs === 0 ? 0 : tally.uploadedMs / tally.spokenMs,
    meanWindowMs: tally.uploads === 0 ? 0 : tally.uploadedMs / tally.uploads,
  };
}

/**
 * Scores one simulated session against what was said, for the whole input and for each slice of
 * `sliceMs` (a word counts in the slice it was spoken in, an upload or a retraction in the one it
 * happened in), so that figures growing with the session's length show.
 */
export function stabilizerFigures(
  timeline: SpokenTimeline,
  record: SimulationRecord,
  sliceMs: number,
): { whole: StabilizerFigures; slices: StabilizerFigures[] } {
  const whole = emptyTally();
  const slices = Array.from({ length: Math.ceil(record.stopMs / sliceMs) }, emptyTally);
  const sliceAt = (ms: number) =>
    slices[Math.min(slices.length - 1, Math.floor(ms / sliceMs))] ?? emptyTally();
  const both = (ms: number, change: (tally: Tally) => void) => {
    change(whole);
    change(sliceAt(ms));
  };

  for (let start = 0; start < record.stopMs; start += sliceMs)
    both(start, (tally) => (tally.spokenMs += Math.min(sliceMs, record.stopMs - start)));
  for (const upload of record.uploads)
    both(upload.atMs, (tally) => {
      tally.uploadedMs += upload.audioMs;
      tally.uploads++;
    });
  for (const [index, display] of record.displays.entries()) {
    const previous = record.displays[index - 1];
    const retracted = retractedCharacters(
      previous?.displayed ?? '',
      display.displayed,
      display.committedLengthBefore,
    );
    both(display.atMs, (tally) => (tally.retractedCharacters += retracted));
  }

  const committed = record.commits.flatMap((commit) =>
    commit.texts.flatMap((text) => text.split(/\s+/).map((word) => ({ word, atMs: commit.atMs }))),
  );
  for (const { word, atMs } of committed)
    both(atMs, (tally) => {
      tally.committedWords++;
      tally.committedCharacters += word.length + 1;
    });
  // When each committed word was first shown where and as it ended up (committed text is final).
  const committedKeys = committed.map(({ word }) => comparisonKey(word));
  const firstShownMs = committed.map(({ atMs }) => atMs);
  for (const display of record.displays)
    for (const [offset, word] of display.tentativeWords.entries()) {
      const index = display.committedWords + offset;
      if (committedKeys[index] !== comparisonKey(word)) break;
      firstShownMs[index] = Math.min(firstShownMs[index] ?? display.atMs, display.atMs);
    }
  const spoken = timeline.words;
  for (const word of spoken) both(word.endMs, (tally) => tally.spokenWords++);
  const steps = alignWords(
    spoken.map((word) => comparisonKey(word.text)),
    committed.map(({ word }) => comparisonKey(word)),
  );
  for (const step of steps) {
    if (step.kind === 'insertion') {
      both(committed[step.hypothesis]?.atMs ?? 0, (tally) => tally.duplicated++);
      continue;
    }
    const word = spoken[step.reference];
    if (word === undefined) continue;
    if (step.kind === 'deletion') {
      both(word.endMs, (tally) => tally.dropped++);
      continue;
    }
    const latency = (committed[step.hypothesis]?.atMs ?? 0) - word.endMs;
    const displayLatency = (firstShownMs[step.hypothesis] ?? 0) - word.endMs;
    both(word.endMs, (tally) => {
      tally.latencies.push(latency);
      tally.displayLatencies.push(displayLatency);
      if (step.kind === 'substitution') tally.misheard++;
    });
  }
  return { whole: figuresOf(whole), slices: slices.map(figuresOf) };
}
