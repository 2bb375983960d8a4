import type { TentativeDisplay } from '../../../actors/batch/stabilizerTentative.ts';
import { TranscriptStabilizer } from '../../../actors/batch/transcriptStabilizer.ts';
import type { WindowPass } from '../../../actors/batch/windowTranscript.ts';
import { segmentSeparator } from '../../../store/transcriptText.ts';

/** The pipeline's default settings (issue #5), as the simulation applies them. */
export interface PipelineSettings {
  passIntervalMs: number;
  maxWindowMs: number;
  /** From sending a window to the recogniser's answer. */
  recogniserLatencyMs: number;
  /**
   * What happens once the window holds more than `maxWindowMs` after an answer: `restart` (what
   * actors/batch/batchWindowStream.ts does) flushes the stabilizer, committing its tentative words
   * as they stand, and restarts the window after the audio the last pass heard; `slide` uploads only the last
   * `maxWindowMs` instead and commits nothing unagreed.
   */
  atWindowCap: 'restart' | 'slide';
  /** The stabilizer's tentative display policy; undefined: its default. */
  tentativeDisplay?: TentativeDisplay;
  /** The stabilizer's cut for windows without timed boundaries; undefined: none. */
  untimedTrimMsPerLetter?: number;
}

export const defaultSettings: PipelineSettings = {
  passIntervalMs: 1_500,
  maxWindowMs: 45_000,
  recogniserLatencyMs: 300,
  atWindowCap: 'restart',
};

/** Committed text as it arrived. */
export interface CommitEvent {
  atMs: number;
  texts: string[];
}

/** What the display showed after one update: everything committed, then the tentative tail. */
export interface DisplayEvent {
  atMs: number;
  /** Characters of the committed transcript before this update: the display never changes them. */
  committedLengthBefore: number;
  displayed: string;
  /** Words committed after this update, then the tentative tail's words. */
  committedWords: number;
  tentativeWords: string[];
}

export interface UploadEvent {
  atMs: number;
  audioMs: number;
}

export interface SimulationRecord {
  commits: CommitEvent[];
  displays: DisplayEvent[];
  uploads: UploadEvent[];
  stopMs: number;
}

/**
 * The windowed pipeline on simulated time, driving the real stabilizer: a pass every interval
 * over [trim point, now], answered after the recogniser's latency (well under the interval, so
 * one pass is in flight at a time); the window is trimmed where the stabilizer says, and handled
 * at its cap as `atWindowCap` says. At stop, a last pass over what remains, then a flush.
 */
export function simulatePipeline(
  recognise: (windowStartMs: number, windowEndMs: number) => WindowPass,
  durationMs: number,
  settings: PipelineSettings,
): SimulationRecord {
  const stabilizer = new TranscriptStabilizer({
    ...(settings.tentativeDisplay === undefined ? {} : { tentativeDisplay: settings.tentativeDisplay }),
    ...(settings.untimedTrimMsPerLetter === undefined
      ? {}
      : { untimedTrimMsPerLetter: settings.untimedTrimMsPerLetter }),
  });
  const record: SimulationRecord = { commits: [], displays: [], uploads: [], stopMs: durationMs };
  let trimMs = 0;
  let committed = '';
  let committedWords = 0;
  const apply = (atMs: number, update: ReturnType<TranscriptStabilizer['accept']>) => {
    const committedLengthBefore = committed.length;
    const texts = update.committed.map((segment) => segment.text);
    if (texts.length > 0) record.commits.push({ atMs, texts });
    for (const text of texts) {
      committed += segmentSeparator(committed, text) + text;
      committedWords += text.split(/\s+/u).length;
    }
    const displayed = committed + segmentSeparator(committed, update.tentative) + update.tentative;
    const tentativeWords = update.tentative === '' ? [] : update.tentative.split(/\s+/u);
    record.displays.push({ atMs, committedLengthBefore, displayed, committedWords, tentativeWords });
    if (update.trimBeforeMs !== undefined) trimMs = Math.max(trimMs, update.trimBeforeMs);
  };
  const pass = (nowMs: number) => {
    const startMs =
      settings.atWindowCap === 'slide' ? Math.max(trimMs, nowMs - settings.maxWindowMs) : trimMs;
    const answeredMs = nowMs + settings.recogniserLatencyMs;
    record.uploads.push({ atMs: nowMs, audioMs: nowMs - startMs });
    apply(answeredMs, stabilizer.accept(recognise(startMs, nowMs)));
    // As batchWindowStream does: the window, with the audio that came during the pass, is over
    // the cap after the answer, so the words of this pass are committed and the window restarts
    // after the audio the pass heard (what came in meanwhile stays in it).
    if (settings.atWindowCap === 'restart' && answeredMs - trimMs > settings.maxWindowMs) {
      apply(answeredMs, stabilizer.flush());
      trimMs = nowMs;
    }
  };
  for (let nowMs = settings.passIntervalMs; nowMs < durationMs; nowMs += settings.passIntervalMs) pass(nowMs);
  pass(durationMs);
  apply(durationMs + settings.recogniserLatencyMs, stabilizer.flush());
  return record;
}
