import { z } from 'zod';
import { codePointLength } from '../../store/transcriptText.ts';

/**
 * A text field of a control request: trimmed, and between `minimum` and `maximum` characters as
 * people count them (code points: an emoji is one, not two).
 */
export function trimmedText(minimum: number, maximum: number) {
  const rule =
    minimum === 0 ? `Text of at most ${maximum} characters.` : `Text of ${minimum} to ${maximum} characters.`;
  return z
    .string({ error: rule })
    .trim()
    .refine((text) => codePointLength(text) >= minimum && codePointLength(text) <= maximum, { error: rule });
}
