import { sessionStatuses, type SessionStatus } from '../../store/records.ts';
import { navigate, type Route } from '../app/route.ts';

/** What the sessions list is narrowed to. Empty strings mean "any". */
export interface SessionFilters {
  /** The words typed in the search box, as typed. */
  words: string;
  topicId: string;
  tagId: string;
  status: SessionStatus | '';
}

export const noSessionFilters: SessionFilters = { words: '', topicId: '', tagId: '', status: '' };

/** Where the user is in the list: what it is narrowed to and how many sessions the page skips. */
export interface SessionListPlace {
  filters: SessionFilters;
  offset: number;
}

const wholeNumber = /^[0-9]+$/;

/**
 * The place a sessions address names (`#/sessions?words=budget&status=completed&offset=25`). The
 * place lives in the address, not in the page's state, so Back after opening a session, or after
 * Next, returns to the same page of the same search, and a filtered list can be bookmarked. Values
 * the list cannot use (an unknown status, an offset that is not a whole number) read as "any"/0.
 */
export function sessionListPlace(route: Route): SessionListPlace {
  const query = new URLSearchParams(route.page === 'sessions' ? route.place : '');
  const status = query.get('status') ?? '';
  const offset = query.get('offset') ?? '';
  return {
    filters: {
      words: query.get('words') ?? '',
      topicId: query.get('topicId') ?? '',
      tagId: query.get('tagId') ?? '',
      status: (sessionStatuses as readonly string[]).includes(status) ? (status as SessionStatus) : '',
    },
    offset: wholeNumber.test(offset) ? Number(offset) : 0,
  };
}

/** The address of a place in the list, naming only what narrows it, so the plain list is `#/sessions`. */
export function sessionListRoute(place: SessionListPlace): Route {
  const query = new URLSearchParams();
  const { words, topicId, tagId, status } = place.filters;
  if (words.trim() !== '') query.set('words', words.trim());
  if (topicId !== '') query.set('topicId', topicId);
  if (tagId !== '') query.set('tagId', tagId);
  if (status !== '') query.set('status', status);
  if (place.offset > 0) query.set('offset', String(place.offset));
  const text = query.toString();
  return text === '' ? { page: 'sessions' } : { page: 'sessions', place: text };
}

/** Opens the sessions list showing only what `filters` names (the topics page's session counts). */
export function showSessionsWith(filters: Partial<SessionFilters>): void {
  navigate(sessionListRoute({ filters: { ...noSessionFilters, ...filters }, offset: 0 }));
}

export function hasSessionFilters(filters: SessionFilters): boolean {
  return (
    filters.words.trim() !== '' || filters.topicId !== '' || filters.tagId !== '' || filters.status !== ''
  );
}
