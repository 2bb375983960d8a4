import { navigate } from '../app/route.ts';
import type { SessionStatus } from '../../store/records.ts';

/** What the sessions list is narrowed to. Empty strings mean "any". */
export interface SessionFilters {
  search: string;
  topicId: string;
  tagId: string;
  status: SessionStatus | '';
}

export const noSessionFilters: SessionFilters = { search: '', topicId: '', tagId: '', status: '' };

const storageKey = 'earshot.sessionFilters';

/**
 * The list's filters are kept for the tab (not in the URL): coming back from a session shows the
 * same list, and the topics page can open the list already filtered.
 */
export function readSessionFilters(): SessionFilters {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Partial<SessionFilters>;
    return { ...noSessionFilters, ...stored };
  } catch {
    return noSessionFilters;
  }
}

export function writeSessionFilters(filters: SessionFilters): void {
  sessionStorage.setItem(storageKey, JSON.stringify(filters));
}

/** Opens the sessions list showing only what `filters` names. */
export function showSessionsWith(filters: Partial<SessionFilters>): void {
  writeSessionFilters({ ...noSessionFilters, ...filters });
  navigate({ page: 'sessions' });
}

export function hasSessionFilters(filters: SessionFilters): boolean {
  return (
    filters.search.trim() !== '' || filters.topicId !== '' || filters.tagId !== '' || filters.status !== ''
  );
}
