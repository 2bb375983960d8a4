/** One place a find query occurs: in the `textIndex`th text, from `start` to `end` (its own indices). */
export interface FoundMatch {
  textIndex: number;
  start: number;
  end: number;
}

/**
 * A text as find compares it: lower case, accents dropped ("École" → "ecole"), with where each
 * folded character came from, since folding can change lengths ("é" is two code units in NFD).
 */
export interface FoldedText {
  folded: string;
  /** For each code unit of `folded`, the start and end of the original character it came from. */
  originStart: number[];
  originEnd: number[];
}

export function foldForFind(text: string): FoldedText {
  let folded = '';
  const originStart: number[] = [];
  const originEnd: number[] = [];
  let index = 0;
  for (const character of text) {
    const end = index + character.length;
    const foldedCharacter = foldCharacter(character);
    // A mark written on its own (decomposed "é") folds to nothing: it belongs to the letter before.
    for (let unit = originEnd.length - 1; foldedCharacter === '' && originEnd[unit] === index; unit--) {
      originEnd[unit] = end;
    }
    for (let unit = 0; unit < foldedCharacter.length; unit++) {
      originStart.push(index);
      originEnd.push(end);
    }
    folded += foldedCharacter;
    index = end;
  }
  return { folded, originStart, originEnd };
}

function foldCharacter(character: string): string {
  return character.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Every occurrence of `query` in `texts`, ignoring case and accents, in reading order and without
 * overlaps. An empty query (or one of spaces) finds nothing.
 */
export function findMatches(texts: readonly FoldedText[], query: string): FoundMatch[] {
  const needle = foldForFind(query.trim()).folded;
  if (needle === '') return [];
  const matches: FoundMatch[] = [];
  texts.forEach(({ folded, originStart, originEnd }, textIndex) => {
    let from = folded.indexOf(needle);
    while (from !== -1) {
      const last = from + needle.length - 1;
      matches.push({ textIndex, start: originStart[from] ?? 0, end: originEnd[last] ?? 0 });
      from = folded.indexOf(needle, from + needle.length);
    }
  });
  return matches;
}

/** The match after (`step` 1) or before (-1) `current`, going round at either end. */
export function steppedMatch(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return 0;
  return (current + step + count) % count;
}
