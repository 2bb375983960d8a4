import type { ModelLimits } from '../../ai/longSessions/requestBudget.ts';
import type { PromptSettings } from '../../ai/artefacts/prompts/promptSettings.ts';
import type { GenerationRun } from '../../ai/artefacts/generationRun.ts';
import type { GenerateStructured, StreamText } from '../../ai/modelFunctions.ts';

/** A transient failure can be tried again; the message says what happened and what to do. */
export interface DescribedFailure {
  message: string;
  transient: boolean;
  retryAfterMs?: number;
}

/** The model a job runs on, chosen as it starts (the session's topic may name its own). */
export interface AiModel {
  /** The AI provider's name in the settings, for messages. */
  name: string;
  generateStructured: GenerateStructured;
  /** For answers that show as they are written (a question's). */
  streamText: StreamText;
  limits: ModelLimits;
  describeFailure(error: unknown): DescribedFailure;
}

/** What every kind of job hands the generation code: the model's functions, its limits, the prompts. */
export function generationRun(
  model: AiModel,
  prompts: PromptSettings,
  signal: AbortSignal,
  onProgress: (part: number, of: number) => void,
): GenerationRun & { streamText: StreamText } {
  const { generateStructured, streamText, limits } = model;
  return { generateStructured, streamText, limits, prompts, signal, onProgress };
}
