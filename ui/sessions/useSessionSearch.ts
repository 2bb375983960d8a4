import { useEffect, useState } from 'react';
import { useTable } from 'tinybase/ui-react';
import type { SessionRecord } from '../../store/records.ts';
import { control } from '../connection/control.ts';
import type { SessionFilters } from './sessionFilters.ts';

export type SessionSearchResult = SessionRecord & { snippet: string | null };

export interface SessionSearch {
  sessions: SessionSearchResult[];
  total: number;
  /** False until the first answer, so an empty list is not mistaken for "no sessions". */
  loaded: boolean;
  error: unknown;
}

export const sessionPageSize = 25;

/**
 * One page of sessions from the service's search (titles and transcripts), asked again whenever the
 * replica's sessions change, so new, renamed and deleted sessions show without a reload. The last
 * page's rows stay on screen while the next answer is on its way.
 */
export function useSessionSearch(filters: SessionFilters, offset: number): SessionSearch {
  const sessionsTable = useTable('sessions');
  const [search, setSearch] = useState<SessionSearch>({
    sessions: [],
    total: 0,
    loaded: false,
    error: undefined,
  });
  useEffect(() => {
    let current = true;
    const query = new URLSearchParams({ limit: String(sessionPageSize), offset: String(offset) });
    if (filters.search.trim() !== '') query.set('search', filters.search.trim());
    if (filters.topicId !== '') query.set('topicId', filters.topicId);
    if (filters.tagId !== '') query.set('tagId', filters.tagId);
    if (filters.status !== '') query.set('status', filters.status);
    control<{ sessions: SessionSearchResult[]; total: number }>('GET', `/sessions?${query}`).then(
      (answer) => {
        if (current) setSearch({ ...answer, loaded: true, error: undefined });
      },
      (error: unknown) => {
        if (current) setSearch((previous) => ({ ...previous, loaded: true, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [filters.search, filters.topicId, filters.tagId, filters.status, offset, sessionsTable]);
  return search;
}
