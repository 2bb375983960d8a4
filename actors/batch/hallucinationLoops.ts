import { comparisonKey } from './stabilizerWords.ts';

/**
 * How many times in a row a unit must repeat to be a loop. People repeat a word for emphasis
 * ("no, no, no", "very very", "哈哈哈哈") but hardly six times; they repeat a phrase ("thank you,
 * thank you") but hardly four times. A recogniser stuck in a loop repeats until the window ends,
 * so these margins cost it little.
 */
function minimumRepeatsInText(unitLength: number): number {
  return unitLength === 1 ? 6 : 4;
}

/**
 * The same whole segment (or run of segments) three times in a row is a recogniser repeating its
 * last sentence over silence: people do not say a whole sentence three times running.
 */
const minimumRepeatedSegments = 3;

interface Loop {
  unitLength: number;
  repeats: number;
}

function sameRun(keys: readonly string[], first: number, second: number, length: number): boolean {
  for (let offset = 0; offset < length; offset++)
    if (keys[first + offset] !== keys[second + offset]) return false;
  return true;
}

/** The shortest unit starting at `start` that repeats enough times in a row, if any. */
function loopAt(
  keys: readonly string[],
  start: number,
  minimumRepeats: (unitLength: number) => number,
): Loop | undefined {
  for (let unitLength = 1; start + unitLength * minimumRepeats(unitLength) <= keys.length; unitLength++) {
    if (keys.slice(start, start + unitLength).every((key) => key === '')) continue;
    let repeats = 1;
    while (
      start + (repeats + 1) * unitLength <= keys.length &&
      sameRun(keys, start, start + repeats * unitLength, unitLength)
    )
      repeats++;
    if (repeats >= minimumRepeats(unitLength)) return { unitLength, repeats };
  }
  return undefined;
}

/**
 * `units` with every repetition loop cut to its first occurrence. Units compare by `keyOf`
 * (case and punctuation aside); a unit made only of punctuation never makes a loop by itself.
 */
export function collapseLoops<Unit>(
  units: readonly Unit[],
  keyOf: (unit: Unit) => string,
  minimumRepeats: (unitLength: number) => number = minimumRepeatsInText,
): Unit[] {
  const keys = units.map(keyOf);
  const kept: Unit[] = [];
  let index = 0;
  while (index < units.length) {
    const loop = loopAt(keys, index, minimumRepeats);
    const keptLength = loop?.unitLength ?? 1;
    kept.push(...units.slice(index, index + keptLength));
    index += loop === undefined ? 1 : loop.unitLength * loop.repeats;
  }
  return kept;
}

interface TextToken {
  /** The spacing before the token, kept so the text reads as the recogniser wrote it. */
  spacing: string;
  text: string;
}

/**
 * Chinese and Japanese are written without spaces, so each of their characters is a unit: a loop
 * there is "谢谢谢谢…" or "好的好的好的…", not a repeated space-separated word.
 */
const tokenPattern =
  /(\s*)([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/gu;

/** `text` with every repetition loop of words (or CJK characters) cut to its first occurrence. */
export function collapseTextLoops(text: string): string {
  const tokens: TextToken[] = [...text.matchAll(tokenPattern)].map((match) => ({
    spacing: match[1] ?? '',
    text: match[2] ?? '',
  }));
  const kept = collapseLoops(tokens, (token) => comparisonKey(token.text));
  if (kept.length === tokens.length) return text;
  const trailing = /\s*$/u.exec(text)?.[0] ?? '';
  return kept.map((token) => token.spacing + token.text).join('') + trailing;
}

/** `segments` with every run of repeated whole segments cut to its first occurrence. */
export function collapseRepeatedSegments<Segment extends { text: string }>(
  segments: readonly Segment[],
): Segment[] {
  return collapseLoops(
    segments,
    (segment) => comparisonKey(segment.text),
    () => minimumRepeatedSegments,
  );
}
