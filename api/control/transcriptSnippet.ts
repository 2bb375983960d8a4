import { windowAround } from '../../store/textWindow.ts';

export { snippetLength } from '../../store/textWindow.ts';

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
  return windowAround(transcript, match.index, match.index + match[0].length).text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
