import type { z } from 'zod';
import { ProviderError } from './providerError.ts';

export interface AnswerDescription {
  /** Names the vendor, e.g. "Soniox". */
  vendor: string;
  /** Which of the vendor's answers, e.g. "an upload", for vendors with several. */
  what?: string;
  /** Say in the message which field did not match, not only in the error's cause. */
  showMismatch?: boolean;
}

/** A mismatch between an answer and the shape the client relies on. */
export interface ShapeMismatch {
  path: readonly PropertyKey[];
  message: string;
}

/** `answer` as `schema` reads it; otherwise a permanent error naming the vendor. */
export function readAnswer<Shape extends z.ZodType>(
  schema: Shape,
  answer: unknown,
  description: AnswerDescription,
): z.output<Shape> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  throw unexpectedShape(description, parsed.error.issues[0], parsed.error);
}

/** The vendor answered, but not in a shape the client can read: asking again will not help. */
export function unexpectedShape(
  description: AnswerDescription,
  mismatch: ShapeMismatch | undefined,
  cause?: unknown,
): ProviderError {
  const what = description.what === undefined ? '' : ` ${description.what}`;
  const detail =
    description.showMismatch && mismatch !== undefined
      ? ` (${mismatch.path.join('.')}: ${mismatch.message})`
      : '';
  return new ProviderError(
    'permanent',
    `${description.vendor} answered${what} in an unexpected shape${detail}.`,
    {
      cause,
    },
  );
}
