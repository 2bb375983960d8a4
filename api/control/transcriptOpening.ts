import { snippetLength } from '../../store/textWindow.ts';

/**
 * The first words of `transcript`, about as long as a search's matching line, cut between words with "…"
 * where it goes on; null for an empty transcript. The sessions list shows it as a row's preview and
 * names an untitled session by it, without fetching each session's segments.
 */
export function transcriptOpening(transcript: string): string | null {
  const text = transcript.trim();
  if (text === '') return null;
  const characters = Array.from(text);
  if (characters.length <= snippetLength) return text;
  const cut = characters.slice(0, snippetLength).join('');
  const lastSpace = cut.search(/\s\S*$/);
  // Chinese and Japanese are written without spaces: there a cut between characters is a cut between words.
  return `${lastSpace > 0 ? cut.slice(0, lastSpace) : cut}…`;
}
