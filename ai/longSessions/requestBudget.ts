import { ContextTooSmallError } from '../generationErrors.ts';
import { estimateTokens } from './tokenEstimate.ts';

/**
 * What one request may spend, and on what. A request is the system text, the prompt and the
 * answer the model may write (`maxOutputTokens`), and all three share the model's context: a
 * server that gets more than that either refuses or, like Ollama, silently drops the start of the
 * prompt. So every request is sized before it is sent, with room to spare.
 */

export interface ModelLimits {
  /** The model's context in tokens, as the user configured it (Ollama is sent it as num_ctx). */
  contextWindow: number;
  /** The longest answer the model or its server allows. */
  maxOutputTokens: number;
}

/** Many servers cap an answer at 4096 tokens; a provider that allows more says so. */
export const defaultMaxOutputTokens = 4096;

/** What a chat request costs beyond its text: role markers and the chat template's tokens. */
export const messageOverheadTokens = 32;

/** Kept free in every request for the note a repair attempt adds to its prompt. */
export const repairAllowanceTokens = 200;

/** The estimate over-counts, but a model's tokenizer may still disagree on odd text: keep 5%. */
export function safetyMarginTokens(contextWindow: number): number {
  return Math.ceil(contextWindow * 0.05);
}

export function requestTokens(request: { system: string; prompt: string; maxOutputTokens: number }): number {
  return (
    estimateTokens(request.system) +
    estimateTokens(request.prompt) +
    messageOverheadTokens +
    request.maxOutputTokens
  );
}

/**
 * Tokens left for the variable content (transcript lines, notes) of a request whose fixed text
 * costs `promptTokens` and whose answer may take `answerTokens`.
 */
export function contentBudget(
  contextWindow: number,
  { promptTokens, answerTokens }: { promptTokens: number; answerTokens: number },
): number {
  return (
    contextWindow -
    safetyMarginTokens(contextWindow) -
    messageOverheadTokens -
    repairAllowanceTokens -
    promptTokens -
    answerTokens
  );
}

/**
 * The answer a request asks room for: what the task wants, within the model's limit and at most
 * `largestShare` of the context, so the content keeps the rest.
 */
export function answerTokensFor(limits: ModelLimits, wanted: number, largestShare = 1 / 3): number {
  return Math.max(
    1,
    Math.min(wanted, limits.maxOutputTokens, Math.floor(limits.contextWindow * largestShare)),
  );
}

/**
 * Room for a task whose answer grows with its content (a correction or a translation writes each
 * line again): content and answer share what the prompt leaves, `answerPerContentToken` answer
 * tokens for each token of content, and when the model's answer limit binds first, the content
 * shrinks to what that answer can hold.
 */
export function proportionalShares(
  limits: ModelLimits,
  promptTokens: number,
  answerPerContentToken: number,
): { answerTokens: number; contentTokens: number } {
  const shared = contentBudget(limits.contextWindow, { promptTokens, answerTokens: 0 });
  const content = Math.floor(shared / (1 + answerPerContentToken));
  if (content <= 0) throw new ContextTooSmallError(limits.contextWindow, limits.contextWindow - shared);
  const answerTokens = Math.min(limits.maxOutputTokens, shared - content);
  return { answerTokens, contentTokens: Math.min(content, Math.floor(answerTokens / answerPerContentToken)) };
}
