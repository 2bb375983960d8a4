import { useEffect, useState } from 'react';
import { useTable } from 'tinybase/ui-react';
import type { ListedSession, MatchingLine } from '../../store/records.ts';
import { control } from '../connection/control.ts';
import type { SessionListPlace } from './sessionFilters.ts';

/** A session as the control route's list gives it (api/control/sessionControl.ts). */
export type SessionSearchResult = ListedSession & {
  /** The transcript's first words, null while it has none. */
  opening: string | null;
  /** With a word search: where the words were found, null when only the title held them. */
  matchingLine?: MatchingLine | null;
};

export interface SessionSearch {
  sessions: SessionSearchResult[];
  total: number;
  /** False until the first answer, so an empty list is not mistaken for "no sessions". */
  loaded: boolean;
  error: unknown;
  /** When the answer came: what "Today" means for its rows. */
  answeredAt: number;
}

export const sessionPageSize = 25;

/**
 * One page of sessions from the service's word search (all the words typed, in any order, ignoring
 * case and accents, in titles, transcripts, speakers' names and AI summaries), asked again whenever the
 * replica's sessions change, so new, renamed and deleted sessions show without a reload. The last
 * page's rows stay on screen while the next answer is on its way.
 */
export function useSessionSearch(place: SessionListPlace): SessionSearch {
  const sessionsTable = useTable('sessions');
  const [search, setSearch] = useState<SessionSearch>({
    sessions: [],
    total: 0,
    loaded: false,
    error: undefined,
    answeredAt: 0,
  });
  const { filters, offset } = place;
  useEffect(() => {
    let current = true;
    const query = new URLSearchParams({ limit: String(sessionPageSize), offset: String(offset) });
    // Punctuation alone has no word to find: the service would refuse it, so it narrows nothing.
    if (/[\p{L}\p{N}]/u.test(filters.words)) query.set('words', filters.words.trim());
    if (filters.topicId !== '') query.set('topicId', filters.topicId);
    if (filters.tagId !== '') query.set('tagId', filters.tagId);
    if (filters.status !== '') query.set('status', filters.status);
    control<{ sessions: SessionSearchResult[]; total: number }>('GET', `/sessions?${query}`).then(
      (answer) => {
        if (current) setSearch({ ...answer, loaded: true, error: undefined, answeredAt: Date.now() });
      },
      (error: unknown) => {
        if (current) setSearch((previous) => ({ ...previous, loaded: true, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [filters.words, filters.topicId, filters.tagId, filters.status, offset, sessionsTable]);
  return search;
}
