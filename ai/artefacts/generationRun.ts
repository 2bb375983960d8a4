import type { ModelLimits } from '../longSessions/requestBudget.ts';
import type { GenerateStructured } from '../modelFunctions.ts';
import type { PromptSettings } from './prompts/promptSettings.ts';

/** What every generation is given: the model, its limits, the user's prompt choices, a way to stop. */
export interface GenerationRun {
  generateStructured: GenerateStructured;
  limits: ModelLimits;
  prompts?: PromptSettings;
  signal: AbortSignal;
  /** Called as each part starts, from 1: "part N of M". Combining the parts comes after part M. */
  onProgress?: (part: number, of: number) => void;
}
