import type { ListedSession } from '../../store/records.ts';
import { hasOwnTitle, titleWords } from './sessionDisplayTitle.ts';

/** What the sessions list knows of a session: its listed record and its transcript's first words. */
export type PreviewedSession = Pick<ListedSession, 'title' | 'startedAt' | 'summary'> & {
  /** The transcript's first words (about 160 characters), null while it has none. */
  opening: string | null;
};

/**
 * The line under a session's title in the list, so a row says what was talked about: the first
 * line of its AI summary, else the first words of its transcript. When the title is itself made of
 * those words (an untitled session), the line goes on where the title stops instead of repeating
 * it. Null when there is nothing more to say.
 */
export function sessionPreview(session: PreviewedSession): string | null {
  const summary = summaryFirstLine(session.summary);
  if (summary !== '') return summary;
  const opening = session.opening?.trim() ?? '';
  if (opening === '') return null;
  if (hasOwnTitle(session.title)) return opening;
  const { rest } = titleWords(opening);
  return rest === '' ? null : `…${rest}`;
}

/** The first line with words in it, without Markdown's heading, list and quote marks. */
function summaryFirstLine(summary: string): string {
  for (const line of summary.split('\n')) {
    const text = line.replace(/^\s*(?:#+|[-*+>]|\d+[.)])\s+/u, '').trim();
    if (text !== '') return text;
  }
  return '';
}
