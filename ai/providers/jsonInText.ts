/**
 * The JSON value in a model's answer. A model asked for JSON without a schema the server enforces
 * often wraps it: a code fence, a sentence before ("Here are the notes:") or after. So the whole
 * text is read first, then the inside of its first code fence, then the first balanced object or
 * array in either. Only outermost brackets start a candidate: an inner object of a broken answer is
 * not mistaken for the answer, so the reason given is the answer's own syntax error.
 */

export type JsonReading = { ok: true; value: unknown } | { ok: false; reason: string };

const codeFence = /```[\w-]*[^\S\n]*\n?([\s\S]*?)```/;

export function jsonInText(text: string): JsonReading {
  if (text.trim() === '') return { ok: false, reason: 'the answer was empty' };
  const fenced = codeFence.exec(text)?.[1];
  let firstFailure: string | undefined;
  for (const candidate of candidates(text, fenced)) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (error) {
      firstFailure ??= (error as Error).message;
    }
  }
  return {
    ok: false,
    reason:
      firstFailure === undefined
        ? 'the answer holds no JSON object or array'
        : `the answer is not valid JSON (${firstFailure})`,
  };
}

/** The texts that may be the answer's JSON, most likely first; the first that parses is taken. */
function* candidates(text: string, fenced: string | undefined): Generator<string> {
  const source = fenced ?? text;
  // Whole texts are tried only when they start like JSON, so that prose does not set the reason.
  if (/^\s*[[{]/.test(text)) yield text;
  if (fenced !== undefined && /^\s*[[{]/.test(fenced)) yield fenced;
  yield* balancedSpans(source);
}

/** Each outermost `{…}` or `[…]` in `text`, in order; brackets inside JSON strings do not count. */
function* balancedSpans(text: string): Generator<string> {
  let start = text.search(/[[{]/);
  while (start !== -1) {
    const end = balancedEnd(text, start);
    if (end === undefined) return;
    yield text.slice(start, end + 1);
    const next = text.slice(end + 1).search(/[[{]/);
    start = next === -1 ? -1 : end + 1 + next;
  }
}

/** Where the bracket opened at `start` is closed, or undefined if it never is (an answer cut off). */
function balancedEnd(text: string, start: number): number | undefined {
  const closers: string[] = [];
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === '{') {
      closers.push('}');
    } else if (character === '[') {
      closers.push(']');
    } else if (character === '}' || character === ']') {
      // A closer that does not match is left to JSON.parse to name; the span still ends here.
      closers.pop();
      if (closers.length === 0) return index;
    }
  }
  return undefined;
}
