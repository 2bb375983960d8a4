import type { FinishReason } from 'ai';
import { z } from 'zod';
import { ModelOutputRejected } from '../modelFunctions.ts';
import { jsonInText } from './jsonInText.ts';

/**
 * The object a model's answer text holds, checked against the schema it was asked for. Whatever
 * the server promised, the text is read and checked here, so every answer format fails the same
 * way: ModelOutputRejected with the text and the reason, which the caller puts in its one repair
 * request.
 */
export async function readStructuredAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
  finishReason: FinishReason,
): Promise<T> {
  const reading = jsonInText(text);
  if (!reading.ok) throw new ModelOutputRejected(text, `${stopNote(finishReason)}${reading.reason}`);
  const checked = await schema.safeParseAsync(reading.value);
  if (!checked.success) {
    throw new ModelOutputRejected(text, `${stopNote(finishReason)}${z.prettifyError(checked.error)}`);
  }
  return checked.data;
}

/** Why the model stopped, when that explains a broken answer better than the parse error does. */
function stopNote(finishReason: FinishReason): string {
  switch (finishReason) {
    case 'length':
      return 'the answer was cut off at its token limit; ';
    case 'content-filter':
      return "the vendor's content filter stopped the answer; ";
    default:
      return '';
  }
}
