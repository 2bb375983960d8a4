/**
 * Texts compared as a reader would: case, accents' composition, punctuation and spacing aside.
 * Overlapping parts report the same task or keyword twice, written a little differently.
 */
export function textKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each text once (its first spelling), in order; empty ones left out. */
export function distinctTexts(texts: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const text of texts) {
    const key = textKey(text);
    if (key !== '' && !seen.has(key)) seen.set(key, text.trim());
  }
  return [...seen.values()];
}
