/** About two lines of a result list. */
export const snippetLength = 160;

/** How far a cut may move to land between words instead of inside one. */
const wordBoundarySlack = 20;

export interface TextWindow {
  /** The part of the text, with "…" on each side where text was left out. */
  text: string;
  /** Where the text's index `index` lands in `text`. */
  positionOf(index: number): number;
}

/**
 * The part of `text` around `[matchStart, matchEnd)`: about `snippetLength` characters with the
 * match near the middle, cut between words where one is near, and marked with an ellipsis where
 * text was left out.
 */
export function windowAround(text: string, matchStart: number, matchEnd: number): TextWindow {
  const matchLength = matchEnd - matchStart;
  let start = Math.max(0, matchStart - Math.floor(Math.max(0, snippetLength - matchLength) / 2));
  let end = Math.min(text.length, start + Math.max(snippetLength, matchLength));
  start = Math.max(0, Math.min(start, end - snippetLength));
  if (start > 0) start = wordStartAfter(text, start, matchStart);
  if (end < text.length) end = wordEndBefore(text, end, matchEnd);
  start = notInsidePair(text, start);
  end = notInsidePair(text, end);
  const part = text.slice(start, end);
  const kept = part.trim();
  const prefix = start > 0 ? '…' : '';
  const shift = prefix.length - start - (part.length - part.trimStart().length);
  return {
    text: `${prefix}${kept}${end < text.length ? '…' : ''}`,
    positionOf: (index) => index + shift,
  };
}

/** The start of the first word at or after `index`, if one begins soon enough and before `limit`. */
function wordStartAfter(text: string, index: number, limit: number): number {
  if (/\s/.test(text[index - 1] ?? '')) return index;
  const space = text.slice(index, Math.min(limit, index + wordBoundarySlack)).search(/\s/);
  return space < 0 ? index : index + space + 1;
}

/** The end of the last word before `index`, if one ends close enough and after `limit`. */
function wordEndBefore(text: string, index: number, limit: number): number {
  if (/\s/.test(text[index] ?? '')) return index;
  const from = Math.max(limit, index - wordBoundarySlack);
  const space = text.slice(from, index).search(/\s\S*$/);
  return space < 0 ? index : from + space;
}

/** Moves a cut off the middle of a surrogate pair, which would leave half a character. */
function notInsidePair(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  return index > 0 && index < text.length && unit >= 0xdc00 && unit <= 0xdfff ? index - 1 : index;
}
