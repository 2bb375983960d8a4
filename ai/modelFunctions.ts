import type { z } from 'zod';

/**
 * The model, as the generation code sees it: two functions handed in by whoever chose the vendor
 * (ai/providers/). Nothing in ai/longSessions/ or ai/artefacts/ knows which model answers, so the
 * same splitting, merging and checking serves every provider, and tests script the answers.
 */

export interface StructuredRequest<T> {
  system: string;
  prompt: string;
  /** What the answer must be; the provider asks for it (JSON schema, JSON mode or plain text). */
  schema: z.ZodType<T>;
  maxOutputTokens: number;
  signal: AbortSignal;
}

/**
 * Answers a request with an object of the schema's shape. When the model's text cannot be read as
 * that shape, the provider throws ModelOutputRejected (with the text and why), so the caller can
 * ask once more; any other error is the vendor's (network, 429, 401, context too long).
 */
export type GenerateStructured = <T>(request: StructuredRequest<T>) => Promise<T>;

export interface TextRequest {
  system: string;
  prompt: string;
  maxOutputTokens: number;
  signal: AbortSignal;
}

/** Answers a request with text, piece by piece as the model writes it (Q&A answers stream to the page). */
export type StreamText = (request: TextRequest) => AsyncIterable<string>;

/** The model answered, but not in the requested shape. */
export class ModelOutputRejected extends Error {
  override readonly name = 'ModelOutputRejected';
  /** What the model wrote, as far as the provider has it. */
  readonly text: string;
  /** Why it was rejected: the parse error or the schema's complaints. */
  readonly reason: string;

  constructor(text: string, reason: string) {
    super(`The model's answer was not of the requested shape: ${reason}`);
    this.text = text;
    this.reason = reason;
  }
}
