/**
 * The `sessionSuffixes` index answers the spec's substring search for one word in well under a
 * millisecond where the trigram index and a pass over every title need several (bench:api): it
 * holds every suffix of every word of a session's title and stored transcript in JavaScript's lower
 * case, so "the title or the transcript contains `query`" becomes the prefix query "a suffix starts
 * with `query`".
 *
 * That is exact, not a guess to check afterwards, for a query made only of word characters: such a
 * query, found in the lower-cased text, lies inside one run of word characters, a word, so it
 * starts one of that word's suffixes; and every suffix's start is a place in the text. Both sides
 * are lower-cased by `toLowerCase`, as the search of a session still recording compares them.
 */

/** Letters, digits and marks: what a word is made of here. Anything else parts words. */
const wordCharacters = /[\p{L}\p{N}\p{M}]+/gu;
const onlyWordCharacters = /^[\p{L}\p{N}\p{M}]+$/u;
// eslint-disable-next-line no-control-regex
const asciiOnly = /^[\x00-\x7f]*$/;

/**
 * Suffixes are cut to this many characters: a Chinese sentence or a long number is one "word", and
 * all its whole suffixes would grow with the square of its length. A query up to this long still
 * starts a cut suffix wherever it occurs; longer ones go to the trigram index.
 */
export const longestSuffix = 24;

/** The index cannot answer queries shorter than this: their prefix would match too many suffixes. */
export const shortestSuffixQuery = 3;

/**
 * The distinct suffixes of `text`'s words, lower case, cut to `longestSuffix`, separated by spaces
 * for the index's `ascii` tokenizer: it parts tokens only at ASCII characters other than letters and
 * digits, none of which a suffix holds, so each suffix is one token, as written.
 */
export function wordSuffixes(text: string): string {
  const suffixes = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(wordCharacters)) {
    if (asciiOnly.test(word)) {
      for (let start = 0; start < word.length; start++)
        suffixes.add(word.slice(start, start + longestSuffix));
    } else {
      const characters = [...word];
      for (let start = 0; start < characters.length; start++) {
        suffixes.add(characters.slice(start, start + longestSuffix).join(''));
      }
    }
  }
  return [...suffixes].join(' ');
}

/** The FTS5 query finding transcripts that contain `query`, or undefined when this index cannot. */
export function suffixMatchExpression(query: string): string | undefined {
  const lower = query.toLowerCase();
  const length = [...lower].length;
  if (!onlyWordCharacters.test(lower) || length < shortestSuffixQuery || length > longestSuffix)
    return undefined;
  return `"${lower}"*`;
}
