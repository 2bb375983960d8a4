/**
 * Where a quote the model gives comes from, among the lines it was shown. Models copy words well
 * but not always their case, punctuation or spacing, so those are set aside when comparing; a
 * quote that spans two lines is found in the first. A quote whose words are not there in that
 * order is snapped to the line holding nearly all of them, or it points at nothing.
 */

export interface QuotedLine<L> {
  line: L;
  /** Whether the quote is the line's own words (else it was snapped to the line). */
  exact: boolean;
}

/** A snapped quote must have this many words, nearly all of them (this share) in one line. */
const fewestWordsToSnap = 3;
const shareToSnap = 0.8;

export function lineQuoted<L extends { text: string }>(
  quote: string,
  lines: readonly L[],
): QuotedLine<L> | undefined {
  const wanted = compact(quote);
  if (wanted === '') return undefined;
  const compacted = lines.map((line) => compact(line.text));
  const joined = compacted.join('');
  const at = joined.indexOf(wanted);
  if (at >= 0) {
    let end = 0;
    for (const [index, text] of compacted.entries()) {
      end += text.length;
      const line = lines[index];
      if (at < end && line !== undefined) return { line, exact: true };
    }
  }
  const words = wordsOf(quote);
  if (words.length < fewestWordsToSnap) return undefined;
  let best: { line: L; share: number } | undefined;
  for (const line of lines) {
    const held = new Set(wordsOf(line.text));
    const share = words.filter((word) => held.has(word)).length / words.length;
    if (share >= shareToSnap && share > (best?.share ?? 0)) best = { line, share };
  }
  return best === undefined ? undefined : { line: best.line, exact: false };
}

/** Letters and digits only, lower-cased: what is left of a text once case, punctuation and spacing go. */
function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
