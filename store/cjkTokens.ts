/**
 * Chinese and Japanese text has no spaces, so a word index sees a whole sentence as one token and
 * the trigram index cannot look up one- or two-character words (预算, 会议). This spells such text
 * as one token per character, with a break token for everything else, so a phrase query of the
 * characters is an exact substring match.
 */
const cjkLetter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;

/** A token no query can contain: it keeps characters on either side of other text apart. */
const breakToken = 'x';

export function cjkTokens(text: string): string {
  const tokens: string[] = [];
  for (const character of text) {
    if (cjkLetter.test(character)) tokens.push(character);
    else if (tokens.length > 0 && tokens.at(-1) !== breakToken) tokens.push(breakToken);
  }
  return tokens.join(' ');
}

export function isAllCjkLetters(text: string): boolean {
  if (text === '') return false;
  for (const character of text) if (!cjkLetter.test(character)) return false;
  return true;
}
