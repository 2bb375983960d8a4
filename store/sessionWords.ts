/**
 * Words as the word search sees them, on both sides: text going into the `sessionWords` index and
 * words a person types. Case and accents do not count ("École" is "ecole", "naïve" is "naive"):
 * the index's tokenizer (unicode61, remove_diacritics 2) folds them, and `foldedWord` folds typed
 * words the same way. Chinese and Japanese have no spaces, so each of their characters is a word
 * of its own and a typed run of them is looked up as a phrase of its characters.
 */

const cjkLetter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const cjkLetters = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/gu;
const cjkRunOrOther =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;
/** What the unicode61 tokenizer keeps: letters, digits and marks; anything else separates words. */
const wordCharacters = /[\p{L}\p{N}\p{M}]+/gu;
const combiningMarks = /\p{M}/gu;
// eslint-disable-next-line no-control-regex
const asciiOnly = /^[\x00-\x7f]*$/;

/** A typed word longer than this is cut: no spoken word is, and the index lookup stays bounded. */
export const longestTypedWord = 64;

/**
 * `text` as the index stores it: the same text with a space on either side of every Chinese or
 * Japanese character. The `sessionWords` triggers call it (as the SQL function `searchWords`).
 */
export function indexedWords(text: string): string {
  return cjkLetter.test(text) ? text.replace(cjkLetters, ' $& ') : text;
}

/** Lower case without accents, as the index folds each word. */
export function foldedWord(word: string): string {
  // Most text is plain ASCII, which has no accents to take off: lower case is all it needs.
  return asciiOnly.test(word)
    ? word.toLowerCase()
    : word.normalize('NFD').replace(combiningMarks, '').toLowerCase();
}

export interface TypedWord {
  /** Folded; for Chinese and Japanese, a run of characters. */
  text: string;
  /** Chinese or Japanese: matched as the exact run, anywhere; otherwise as the start of a word. */
  isCjk: boolean;
}

/** The distinct words of what someone typed, folded, in the order typed; none for no letters. */
export function typedWords(typed: string): TypedWord[] {
  const words = new Map<string, TypedWord>();
  for (const [token] of typed.matchAll(wordCharacters)) {
    for (const [part] of token.matchAll(cjkRunOrOther)) {
      const text = foldedWord(part).slice(0, longestTypedWord);
      if (text !== '') words.set(text, { text, isCjk: cjkLetter.test(part) });
    }
  }
  return [...words.values()];
}

/**
 * The FTS5 query for sessions holding every word: a word of letters matches any indexed word that
 * starts with it ("refactor" finds "refactoring"), a run of Chinese or Japanese characters matches
 * those characters in a row.
 */
export function wordsMatchExpression(words: readonly TypedWord[]): string {
  return words
    .map((word) => (word.isCjk ? `"${[...word.text].join(' ')}"` : `"${word.text.replaceAll('"', '""')}"*`))
    .join(' AND ');
}
