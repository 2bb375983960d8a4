import { textKey } from './distinctTexts.ts';

/** As many keywords as a session shows. */
export const keywordLimit = 12;

/**
 * The session's keywords from each part's: a keyword more parts name ranks higher, ties in the
 * order they first came up; the first spelling is kept. No model call: this is counting.
 */
export function rankKeywords(perPart: ReadonlyArray<readonly string[]>, limit = keywordLimit): string[] {
  const ranked = new Map<string, { spelling: string; parts: number; first: number }>();
  perPart.forEach((keywords) => {
    for (const key of new Set(keywords.map(textKey))) {
      if (key === '') continue;
      const entry = ranked.get(key);
      if (entry === undefined) {
        const spelling = keywords.find((keyword) => textKey(keyword) === key)?.trim() ?? key;
        ranked.set(key, { spelling, parts: 1, first: ranked.size });
      } else {
        entry.parts++;
      }
    }
  });
  return [...ranked.values()]
    .sort((a, b) => b.parts - a.parts || a.first - b.first)
    .slice(0, limit)
    .map((entry) => entry.spelling);
}
