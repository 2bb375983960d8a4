import { comparableWords, compareTranscripts } from '../../../test/recogniser/transcriptComparison.ts';
import { percentile } from '../../support/units.ts';
import type { RealRunRecord } from './realRecogniserRun.ts';

/** Lag percentiles over a set of committed words. */
export interface LagFigures {
  words: number;
  p50Ms: number;
  p90Ms: number;
  maxMs: number;
}

/** How Earshot sent its passes, from the recogniser's record of them. */
export interface PassConduct {
  /** Passes that reached the recogniser while the one before was still being answered. */
  sentWhileAnotherInFlight: number;
  receivedAfterStop: number;
  /** Passes the recogniser was still working on when the session had already ended. */
  unfinishedAtSessionEnd: number;
  /** Time the recogniser spent on the passes ÷ the audio's length: over 1, it cannot keep up. */
  recognitionPerAudio: number;
}

export interface RealFigures {
  audioMs: number;
  referenceWords: number;
  storedWords: number;
  /** (substituted + deleted + inserted) ÷ words of R. */
  wordErrorRate: number;
  substituted: number;
  /** Words of R missing from H. */
  deleted: number;
  /** Which they are, with their end in the audio: where in the session words were lost. */
  deletedWords: Array<{ text: string; endMs: number }>;
  inserted: number;
  passes: number;
  /** Audio the passes carried ÷ the audio's length. */
  cost: number;
  meanWindowMs: number;
  maxWindowMs: number;
  lag: LagFigures;
  /** Only for audio of 2 minutes or more. */
  firstMinuteLag: LagFigures | undefined;
  lastMinuteLag: LagFigures | undefined;
  stopToEndMs: number;
  status: string;
  error: string | null;
  /** The recogniser's speed on the whole file: audio ÷ recognition time. */
  recogniserSpeed: number;
  conduct: PassConduct;
}

/**
 * Scores a real run: H (the stored transcript) is aligned word by word with R (the recogniser's
 * whole-file transcript, case and punctuation ignored). A word's lag is when the store received
 * the segment holding it, minus the end of the R word the alignment pairs it with (as a match or
 * a substitution), both counted from the first frame played.
 */
export function realFigures(record: RealRunRecord): RealFigures {
  const { session, passes, reference, audioMs } = record;
  const referenceWords = comparableWords(reference.map((word) => word.text));
  // A recogniser word is one key, or none if it has no letters: R's keys and times stay in step.
  const referenceTimes = reference.filter((word) => comparableWords([word.text]).length > 0);
  const stored = session.segments.flatMap((segment) =>
    comparableWords([segment.text]).map((word) => ({ word, storedAfterMs: segment.storedAfterMs })),
  );
  const comparison = compareTranscripts(
    referenceWords,
    stored.map(({ word }) => word),
  );
  const lags: Array<{ endMs: number; lagMs: number }> = [];
  const deletedWords: RealFigures['deletedWords'] = [];
  for (const step of comparison.steps) {
    if (step.kind === 'deletion') {
      const word = referenceTimes[step.reference];
      if (word !== undefined) deletedWords.push({ text: word.text, endMs: word.endMs });
    }
    if (step.kind !== 'match' && step.kind !== 'substitution') continue;
    const endMs = referenceTimes[step.reference]?.endMs;
    const storedAfterMs = stored[step.hypothesis]?.storedAfterMs;
    if (endMs !== undefined && storedAfterMs !== undefined)
      lags.push({ endMs, lagMs: storedAfterMs - endMs });
  }
  const windows = passes.map((pass) => pass.audioMs);
  const uploadedMs = windows.reduce((total, window) => total + window, 0);
  const longEnough = audioMs >= 120_000;
  return {
    audioMs,
    referenceWords: comparison.referenceWords,
    storedWords: comparison.hypothesisWords,
    wordErrorRate: comparison.wordErrorRate,
    substituted: comparison.substituted,
    deleted: comparison.deleted,
    deletedWords,
    inserted: comparison.inserted,
    passes: passes.length,
    cost: uploadedMs / audioMs,
    meanWindowMs: windows.length === 0 ? 0 : uploadedMs / windows.length,
    maxWindowMs: Math.max(0, ...windows),
    lag: lagFigures(lags.map(({ lagMs }) => lagMs)),
    firstMinuteLag: longEnough
      ? lagFigures(lags.filter(({ endMs }) => endMs < 60_000).map(({ lagMs }) => lagMs))
      : undefined,
    lastMinuteLag: longEnough
      ? lagFigures(lags.filter(({ endMs }) => endMs >= audioMs - 60_000).map(({ lagMs }) => lagMs))
      : undefined,
    stopToEndMs: session.endedAt - session.stoppedAt,
    status: session.status,
    error: session.error,
    recogniserSpeed: record.referenceRecognitionMs === 0 ? 0 : audioMs / record.referenceRecognitionMs,
    conduct: passConduct(record),
  };
}

function lagFigures(lags: readonly number[]): LagFigures {
  const sorted = [...lags].sort((left, right) => left - right);
  return {
    words: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p90Ms: percentile(sorted, 0.9),
    maxMs: sorted.at(-1) ?? 0,
  };
}

function passConduct({ passes, session, audioMs }: RealRunRecord): PassConduct {
  const busyMs = passes.reduce((total, pass) => total + (pass.endedAt - pass.startedAt), 0);
  return {
    sentWhileAnotherInFlight: passes.filter((pass, index) => {
      const previous = passes[index - 1];
      return previous !== undefined && pass.receivedAt < previous.endedAt;
    }).length,
    receivedAfterStop: passes.filter((pass) => pass.receivedAt >= session.stoppedAt).length,
    unfinishedAtSessionEnd: passes.filter((pass) => pass.endedAt > session.endedAt).length,
    recognitionPerAudio: busyMs / audioMs,
  };
}
