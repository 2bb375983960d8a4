import type { Segment, SessionRecord } from '../../store/records.ts';
import { formatDateTime } from '../format/time.ts';

/** About as much of a transcript as reads well in a title line. */
const firstWordsLength = 40;

/**
 * The title the service gave a live session started without one (`Live ${toLocaleString()}` in
 * the service's locale: "Live 11/25/2026, 7:47:34 PM", "Live 25.11.2026, 19:47:34"): "Live", then
 * a date and time, which is digits and separators with at most a short day-period word ("PM",
 * "午後"). It says nothing the row's time does not, so such a session is named like an untitled one.
 */
function isServiceDefaultTitle(title: string): boolean {
  const match = /^Live (.+)$/u.exec(title.trim());
  if (match === null) return false;
  const dateAndTime = match[1] ?? '';
  const digits = dateAndTime.match(/\p{Nd}/gu)?.length ?? 0;
  const words = dateAndTime.replace(/[\p{Nd}\s.,/:-]/gu, '');
  return digits >= 6 && words.length <= 4;
}

/** True for a title someone chose (or a file's name); false for none and for the service's default. */
export function hasOwnTitle(title: string): boolean {
  return title.trim() !== '' && !isServiceDefaultTitle(title);
}

/**
 * What a session is called on screen (the list, its page's heading, the tab): its own title; else
 * the first words of its transcript ("And so my fellow Americans, ask not what…"); else, with
 * nothing said yet, what it is and when it started ("Live session · 25 Nov 2026, 14:05"). A title
 * the user set is never replaced; this changes only what is shown, so old sessions read the same.
 */
export function sessionDisplayTitle(
  session: Pick<SessionRecord, 'title' | 'startedAt'>,
  segments: ReadonlyArray<Pick<Segment, 'text'>> = [],
): string {
  if (hasOwnTitle(session.title)) return session.title.trim();
  const { words, rest } = titleWords(openingText(segments));
  if (words !== '') return rest === '' ? words : `${words}…`;
  const kind = session.title.trim() === '' ? 'Untitled session' : 'Live session';
  return `${kind} · ${formatDateTime(session.startedAt)}`;
}

/** Enough of the transcript's first segments for a title: a transcript can have thousands. */
function openingText(segments: ReadonlyArray<Pick<Segment, 'text'>>): string {
  let text = '';
  for (const segment of segments) {
    const said = segment.text.trim();
    if (said === '') continue;
    text = text === '' ? said : `${text} ${said}`;
    if (text.length > firstWordsLength) break;
  }
  return text;
}

/**
 * `text` split where a title made of it ends: `words` is whole words up to `firstWordsLength`
 * characters, `rest` what follows (empty when the text fits).
 */
export function titleWords(text: string): { words: string; rest: string } {
  const all = text.trim().split(/\s+/u);
  let words = '';
  for (const [index, word] of all.entries()) {
    if (word === '') continue;
    const longer = words === '' ? word : `${words} ${word}`;
    if (longer.length <= firstWordsLength) {
      words = longer;
      continue;
    }
    if (words !== '') return { words, rest: all.slice(index).join(' ') };
    // Chinese and Japanese are written without spaces: a first "word" can be a whole sentence.
    const characters = Array.from(word);
    return {
      words: characters.slice(0, firstWordsLength).join(''),
      rest: [characters.slice(firstWordsLength).join(''), ...all.slice(index + 1)].join(' ').trim(),
    };
  }
  return { words, rest: '' };
}
