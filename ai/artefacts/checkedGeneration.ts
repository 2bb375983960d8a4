import { z } from 'zod';
import { ContextTooSmallError, InvalidAnswerError } from '../generationErrors.ts';
import { ModelOutputRejected } from '../modelFunctions.ts';
import type { GenerateStructured, StreamText, StructuredRequest, TextRequest } from '../modelFunctions.ts';
import { repairAllowanceTokens, requestTokens } from '../longSessions/requestBudget.ts';
import { estimateTokens, truncateToTokens } from '../longSessions/tokenEstimate.ts';

/**
 * Every model call of the generation code goes through here: the request is measured against the
 * context before it is sent, the answer is checked against its schema whatever the provider did,
 * and an answer that fails is asked for once more with the complaint attached. A second failure
 * is an InvalidAnswerError the user sees, never an empty artefact.
 */

export interface Checked {
  /** What is being generated, in the user's words ("the chapters"), for the error. */
  artefact: string;
  contextWindow: number;
}

export async function generateChecked<T>(
  generate: GenerateStructured,
  request: StructuredRequest<T> & Checked,
): Promise<T> {
  const first = await attemptStructured(generate, request);
  if (first.ok) return first.value;
  const second = await attemptStructured(generate, withRepairNote(request, first.reason));
  if (second.ok) return second.value;
  throw new InvalidAnswerError(request.artefact, second.reason);
}

/**
 * Streams a text answer to `onText` as it comes and returns it whole. `problemWith` says what is
 * wrong with a finished answer, if anything (an empty one always is): such an answer is asked for
 * once more, after `onRestart` tells the listener to drop the text it was streamed so far.
 */
export async function streamChecked(
  stream: StreamText,
  request: TextRequest & Checked,
  handlers: {
    onText?: (text: string) => void;
    onRestart?: () => void;
    problemWith?: (answer: string) => string | undefined;
  },
): Promise<string> {
  const problemWith = (answer: string): string | undefined =>
    answer.trim() === '' ? 'the answer was empty' : handlers.problemWith?.(answer);
  const first = await attemptText(stream, request, handlers.onText);
  const firstProblem = problemWith(first);
  if (firstProblem === undefined) return first;
  handlers.onRestart?.();
  const second = await attemptText(stream, withRepairNote(request, firstProblem), handlers.onText);
  const secondProblem = problemWith(second);
  if (secondProblem === undefined) return second;
  throw new InvalidAnswerError(request.artefact, secondProblem);
}

type Attempt<T> = { ok: true; value: T } | { ok: false; reason: string };

async function attemptStructured<T>(
  generate: GenerateStructured,
  request: StructuredRequest<T> & Checked,
): Promise<Attempt<T>> {
  ensureFits(request);
  let answer: unknown;
  try {
    answer = await generate({
      system: request.system,
      prompt: request.prompt,
      schema: request.schema,
      maxOutputTokens: request.maxOutputTokens,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof ModelOutputRejected) return { ok: false, reason: error.reason };
    throw error;
  }
  // Checked here too: a provider's own check may be looser (or absent, for plain JSON mode).
  const parsed = request.schema.safeParse(answer);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: z.prettifyError(parsed.error) };
}

async function attemptText(
  stream: StreamText,
  request: TextRequest & Checked,
  onText: ((text: string) => void) | undefined,
): Promise<string> {
  ensureFits(request);
  let answer = '';
  for await (const text of stream({
    system: request.system,
    prompt: request.prompt,
    maxOutputTokens: request.maxOutputTokens,
    signal: request.signal,
  })) {
    answer += text;
    onText?.(text);
  }
  return answer;
}

const repairNoteStart = 'Your previous answer could not be used: ';
const repairNoteEnd = ' Answer again, in the requested form only.';

/** The request again, told what was wrong; the note fits the room every request keeps for it. */
function withRepairNote<R extends { prompt: string }>(request: R, reason: string): R {
  const room = repairAllowanceTokens - estimateTokens(`\n\n${repairNoteStart}${repairNoteEnd}`);
  const note = `${repairNoteStart}${truncateToTokens(reason.replace(/\s+/g, ' ').trim(), room)}${repairNoteEnd}`;
  return { ...request, prompt: `${request.prompt}\n\n${note}` };
}

/** A guard, not a plan: every caller sizes its requests, so this fires only on a sizing mistake. */
function ensureFits(request: { system: string; prompt: string; maxOutputTokens: number } & Checked): void {
  const tokens = requestTokens(request);
  if (tokens > request.contextWindow) throw new ContextTooSmallError(request.contextWindow, tokens);
}
