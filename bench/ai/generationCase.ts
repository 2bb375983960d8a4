import { generateDigest } from '../../ai/artefacts/sessionDigest.ts';
import { correctTranscript, translateTranscript } from '../../ai/artefacts/transcriptRewrite.ts';
import type { GenerationRun } from '../../ai/artefacts/generationRun.ts';
import type { TranscriptSegment } from '../../ai/longSessions/transcriptLines.ts';
import { startSlowFakeModel } from './slowFakeModel.ts';

/** What one case generates: the digest (all five artefacts), a correction or a translation. */
export type GenerationTask = 'digest' | 'digest, wordy notes' | 'correction' | 'translation';

export const generationTasks: readonly GenerationTask[] = [
  'digest',
  'digest, wordy notes',
  'correction',
  'translation',
];

export interface BenchmarkSession {
  /** "1 hour" */
  label: string;
  segments: TranscriptSegment[];
}

export interface CaseResult {
  session: string;
  contextWindow: number;
  task: GenerationTask;
  /** "Part N of M": the single pass's calls. */
  parts: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** The largest request, answer room included, in estimated tokens. */
  largestRequest: number;
  /** Measured, with each call's modelled latency divided by the speed factor. */
  wallMs: number;
  /** The same, with the modelled latency at full length: what a real model would take. */
  projectedWallMs: number;
}

/** Wordy notes fill their whole answer room, as a verbose model's do: the most combining there is. */
const wordinessOf = (task: GenerationTask) => (task === 'digest, wordy notes' ? 1 : 0);

export async function runCase(
  session: BenchmarkSession,
  contextWindow: number,
  task: GenerationTask,
  speed: number,
): Promise<CaseResult> {
  const model = await startSlowFakeModel(contextWindow, { speed, wordiness: wordinessOf(task) });
  let parts = 0;
  const run: GenerationRun = {
    generateStructured: model.generateStructured,
    limits: model.limits,
    signal: new AbortController().signal,
    onProgress: (_part, of) => (parts = of),
  };
  const startedAt = performance.now();
  try {
    if (task === 'correction') await correctTranscript(session.segments, run);
    else if (task === 'translation') await translateTranscript(session.segments, 'German', run);
    else await generateDigest(session.segments, run);
    if (model.requestsReceived() !== model.record.calls)
      throw new Error(
        `The fake received ${model.requestsReceived()} requests for ${model.record.calls} calls.`,
      );
  } finally {
    await model.close();
  }
  const wallMs = performance.now() - startedAt;
  const latencyMs = model.modelledLatencyMs();
  return {
    session: session.label,
    contextWindow,
    task,
    parts,
    calls: model.record.calls,
    inputTokens: model.record.inputTokens,
    outputTokens: model.record.outputTokens,
    largestRequest: model.record.largestRequest,
    wallMs,
    projectedWallMs: wallMs - latencyMs / speed + latencyMs,
  };
}
