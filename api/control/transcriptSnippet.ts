/** About two lines of a result list. */
export const snippetLength = 160;

/** How far a cut may move to land between words instead of inside one. */
const wordBoundarySlack = 20;

/**
 * The part of `transcript` around the first case-insensitive occurrence of `search`, about
 * `snippetLength` characters with the match near the middle, cut between words where one is near
 * and marked with an ellipsis where text was left out; null when the transcript does not contain it.
 */
export function transcriptSnippet(transcript: string, search: string): string | null {
  const wanted = search.trim();
  if (wanted === '') return null;
  const match = new RegExp(escapeRegExp(wanted), 'iu').exec(transcript);
  if (match === null) return null;
  const matchEnd = match.index + match[0].length;
  let start = Math.max(0, match.index - Math.floor(Math.max(0, snippetLength - match[0].length) / 2));
  let end = Math.min(transcript.length, start + Math.max(snippetLength, match[0].length));
  start = Math.max(0, Math.min(start, end - snippetLength));
  if (start > 0) start = wordStartAfter(transcript, start, match.index);
  if (end < transcript.length) end = wordEndBefore(transcript, end, matchEnd);
  start = notInsidePair(transcript, start);
  end = notInsidePair(transcript, end);
  const text = transcript.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${text}${end < transcript.length ? '…' : ''}`;
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
