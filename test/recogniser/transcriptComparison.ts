import { comparisonKey } from '../../actors/batch/stabilizerWords.ts';
import { type AlignmentStep, alignWords } from '../../bench/stabilizer/measure/transcriptAlignment.ts';

/** A transcript (hypothesis) against the reference it should equal, word by word. */
export interface TranscriptComparison {
  referenceWords: number;
  hypothesisWords: number;
  substituted: number;
  /** Words of the reference the hypothesis lacks. */
  deleted: number;
  /** Words of the hypothesis the reference lacks. */
  inserted: number;
  /** (substituted + deleted + inserted) ÷ reference words. */
  wordErrorRate: number;
  /** The alignment, pairing each reference word with the hypothesis word that stands for it. */
  steps: AlignmentStep[];
}

/** The words of transcript texts as they are compared: case and punctuation ignored. */
export function comparableWords(texts: readonly string[]): string[] {
  return texts
    .flatMap((text) => text.split(/\s+/u))
    .map(comparisonKey)
    .filter((word) => word !== '');
}

export function compareTranscripts(
  reference: readonly string[],
  hypothesis: readonly string[],
): TranscriptComparison {
  const steps = alignWords(reference, hypothesis);
  const count = (kind: AlignmentStep['kind']) => steps.filter((step) => step.kind === kind).length;
  const substituted = count('substitution');
  const deleted = count('deletion');
  const inserted = count('insertion');
  return {
    referenceWords: reference.length,
    hypothesisWords: hypothesis.length,
    substituted,
    deleted,
    inserted,
    wordErrorRate: reference.length === 0 ? 0 : (substituted + deleted + inserted) / reference.length,
    steps,
  };
}
