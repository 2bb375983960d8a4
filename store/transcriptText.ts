/**
 * How segments become one transcript: joined with a space, or with nothing where both sides are
 * CJK text (Chinese and Japanese are written without spaces between words; Korean uses spaces, so
 * Hangul is not in the set).
 */

const cjkCharacter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

function isCjk(character: string | undefined): boolean {
  return character !== undefined && cjkCharacter.test(character);
}

function lastCharacter(text: string): string | undefined {
  const last = text.codePointAt(text.length - 1);
  if (last === undefined) return undefined;
  // A trailing low surrogate belongs to a pair: read the whole code point.
  const isLowSurrogate = last >= 0xdc00 && last <= 0xdfff && text.length >= 2;
  return isLowSurrogate
    ? String.fromCodePoint(text.codePointAt(text.length - 2) ?? last)
    : String.fromCodePoint(last);
}

/** The text placed between two adjacent non-empty segment texts. */
export function segmentSeparator(before: string, after: string): string {
  if (before === '' || after === '') return '';
  return isCjk(lastCharacter(before)) && isCjk(String.fromCodePoint(after.codePointAt(0) ?? 0)) ? '' : ' ';
}

export function joinSegmentTexts(texts: Iterable<string>): string {
  let joined = '';
  for (const text of texts) joined += segmentSeparator(joined, text) + text;
  return joined;
}

export function codePointLength(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    // A high surrogate followed by its low half is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    length++;
  }
  return length;
}
