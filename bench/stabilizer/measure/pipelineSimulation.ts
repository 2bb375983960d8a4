import { TranscriptStabilizer } from '../../../actors/batch/transcriptStabilizer.ts';
import type { WindowPass } from '../../../actors/batch/windowTranscript.ts';
import { segmentSeparator } from '../../../store/transcriptText.ts';

/** The pipeline's default settings (issue #5), as the simulation applies them. */
export interface PipelineSettings {
  passIntervalMs: number;
  maxWindowMs: number;
  /** From sending a window to the recogniser's answer. */
  recogniserLatencyMs: number;
}

export const defaultSettings: PipelineSettings = {
  passIntervalMs: 1_500,
  maxWindowMs: 45_000,
  recogniserLatencyMs: 300,
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
  /** The same without the tentative tail's last word, the one a window's end most often cuts. */
  displayedWithoutLastWord: string;
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
 * over [trim point, now], at most `maxWindowMs` long, answered after the recogniser's latency
 * (well under the interval, so one pass is in flight at a time); the window is trimmed where the
 * stabilizer says. At stop, a last pass over what remains, then a flush.
 */
export function simulatePipeline(
  recognise: (windowStartMs: number, windowEndMs: number) => WindowPass,
  durationMs: number,
  settings: PipelineSettings,
): SimulationRecord {
  const stabilizer = new TranscriptStabilizer();
  const record: SimulationRecord = { commits: [], displays: [], uploads: [], stopMs: durationMs };
  let trimMs = 0;
  let committed = '';
  const apply = (atMs: number, update: ReturnType<TranscriptStabilizer['accept']>) => {
    const committedLengthBefore = committed.length;
    const texts = update.committed.map((segment) => segment.text);
    if (texts.length > 0) record.commits.push({ atMs, texts });
    for (const text of texts) committed += segmentSeparator(committed, text) + text;
    const displayed = committed + segmentSeparator(committed, update.tentative) + update.tentative;
    const heldBack = update.tentative.replace(/\s*\S+$/u, '');
    const displayedWithoutLastWord = committed + segmentSeparator(committed, heldBack) + heldBack;
    record.displays.push({ atMs, committedLengthBefore, displayed, displayedWithoutLastWord });
    if (update.trimBeforeMs !== undefined) trimMs = Math.max(trimMs, update.trimBeforeMs);
  };
  const pass = (nowMs: number) => {
    const startMs = Math.max(trimMs, nowMs - settings.maxWindowMs);
    record.uploads.push({ atMs: nowMs, audioMs: nowMs - startMs });
    apply(nowMs + settings.recogniserLatencyMs, stabilizer.accept(recognise(startMs, nowMs)));
  };
  for (let nowMs = settings.passIntervalMs; nowMs < durationMs; nowMs += settings.passIntervalMs) pass(nowMs);
  pass(durationMs);
  apply(durationMs + settings.recogniserLatencyMs, stabilizer.flush());
  return record;
}
