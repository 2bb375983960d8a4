import type { Segment, SessionRecord } from '../../store/records.ts';
import { formatDateTime } from '../format/time.ts';

/** About as much of a transcript as reads well in a title line. */
const firstWordsLength = 40;

/**
 * What a session is called on screen: its title, or, for a session without one, its start time
 * and the first words of its transcript ("25 Nov 2026, 14:05 — And so my fellow Americans…"), so
 * an untitled session never shows as a blank line. Without segments (the sessions list has none)
 * it is the start time alone.
 */
export function sessionDisplayTitle(
  session: Pick<SessionRecord, 'title' | 'startedAt'>,
  segments: ReadonlyArray<Pick<Segment, 'text'>> = [],
): string {
  if (session.title.trim() !== '') return session.title;
  const startedAt = formatDateTime(session.startedAt);
  const words = firstWords(segments);
  return words === '' ? startedAt : `${startedAt} — ${words}`;
}

/**
 * Whole words up to `firstWordsLength` characters, with "…" when the transcript goes on. Reads
 * only as many segments as it needs: a transcript can have thousands.
 */
function firstWords(segments: ReadonlyArray<Pick<Segment, 'text'>>): string {
  let shown = '';
  for (const segment of segments) {
    for (const word of segment.text.split(/\s+/)) {
      if (word === '') continue;
      const longer = shown === '' ? word : `${shown} ${word}`;
      if (longer.length <= firstWordsLength) {
        shown = longer;
        continue;
      }
      // Chinese and Japanese are written without spaces: a first "word" can be a whole sentence.
      const cut = shown === '' ? Array.from(word).slice(0, firstWordsLength).join('') : shown;
      return `${cut}…`;
    }
  }
  return shown;
}
