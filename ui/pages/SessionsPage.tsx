import { useEffect, useMemo, useRef, useState } from 'react';
import { sessionStatuses } from '../../store/records.ts';
import { hashOf, navigate, useRoute } from '../app/route.ts';
import { useDocumentTitle } from '../app/useDocumentTitle.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { groupByDay } from '../sessions/sessionDays.ts';
import {
  hasSessionFilters,
  noSessionFilters,
  sessionListPlace,
  sessionListRoute,
  type SessionFilters,
  type SessionListPlace,
} from '../sessions/sessionFilters.ts';
import { SessionRow } from '../sessions/SessionRow.tsx';
import { sessionStatusLabels } from '../sessions/SessionStatusBadge.tsx';
import { useProviderLabels } from '../sessions/useProviderLabels.ts';
import { sessionPageSize, useSessionSearch } from '../sessions/useSessionSearch.ts';
import { useTags, useTopics } from '../store/replicaRecords.ts';
import '../styles/sessions.css';

/** Typing pauses this long before the service is asked, so a word is one request, not one per key. */
const searchDelayMs = 250;

/**
 * Every session, newest first under a heading per day, 25 to a page. Where the user is (the search,
 * the filters, the page) is the address, so Back returns to it; typing changes the address without
 * adding a Back step per word.
 */
export function SessionsPage() {
  const route = useRoute();
  const placeQuery = route.page === 'sessions' ? (route.place ?? '') : '';
  const place = useMemo(() => sessionListPlace({ page: 'sessions', place: placeQuery }), [placeQuery]);
  const { filters, offset } = place;
  const [searchText, setSearchText] = useState(filters.words);
  /** The words this page last put in the address, to tell its own change from Back or a link. */
  const typedWords = useRef(filters.words);
  const searchBox = useRef<HTMLInputElement>(null);
  const listTop = useRef<HTMLDivElement>(null);
  const page = useRef<HTMLElement>(null);
  const topics = useTopics();
  const tags = useTags();
  const topicsById = useMemo(() => new Map(topics.map((topic) => [topic.id, topic])), [topics]);
  const tagsById = useMemo(() => new Map(tags.map((tag) => [tag.id, tag])), [tags]);
  const providerLabel = useProviderLabels();
  const { sessions, total, loaded, error, answeredAt } = useSessionSearch(place);
  useDocumentTitle('Sessions');

  const go = (next: SessionListPlace, options: { replace?: boolean } = {}) =>
    navigate(sessionListRoute(next), options);
  const applyFilters = (next: SessionFilters) => go({ filters: next, offset: 0 });

  useEffect(() => {
    if (filters.words === typedWords.current.trim()) return;
    typedWords.current = filters.words;
    setSearchText(filters.words);
  }, [filters.words]);

  useEffect(() => {
    if (searchText.trim() === place.filters.words) return;
    const timer = setTimeout(() => {
      typedWords.current = searchText;
      const typed = { filters: { ...place.filters, words: searchText }, offset: 0 };
      navigate(sessionListRoute(typed), { replace: true });
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, place]);

  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const typing = target.closest('input, textarea, select, [contenteditable="true"]') !== null;
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        searchBox.current?.focus();
      }
    };
    document.addEventListener('keydown', focusSearch);
    return () => document.removeEventListener('keydown', focusSearch);
  }, []);

  /** Next and Previous start the reader at the top of the new page, not at the buttons below it. */
  const turnPage = (nextOffset: number) => {
    go({ filters, offset: nextOffset });
    listTop.current?.focus({ preventScroll: true });
    page.current?.scrollIntoView({ block: 'start' });
  };

  const clearFilters = () => {
    typedWords.current = '';
    setSearchText('');
    applyFilters(noSessionFilters);
  };

  const filtered = hasSessionFilters(filters);
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + sessions.length, total);
  const days = groupByDay(sessions, answeredAt);

  return (
    <section className="sessions-page" ref={page}>
      <h1>Sessions</h1>
      <div className="toolbar sessions-filters" role="search">
        <input
          ref={searchBox}
          type="search"
          className="sessions-search"
          aria-label="Search sessions"
          placeholder="Search words, in any order (press /)"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            typedWords.current = searchText;
            go({ filters: { ...filters, words: searchText }, offset: 0 }, { replace: true });
          }}
        />
        <select
          aria-label="Topic"
          value={filters.topicId}
          onChange={(event) => applyFilters({ ...filters, topicId: event.target.value })}
        >
          <option value="">Any topic</option>
          {topics.map((topic) => (
            <option key={topic.id} value={topic.id}>
              {topic.emoji} {topic.name}
            </option>
          ))}
        </select>
        <select
          aria-label="Tag"
          value={filters.tagId}
          onChange={(event) => applyFilters({ ...filters, tagId: event.target.value })}
        >
          <option value="">Any tag</option>
          {tags.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </select>
        <select
          aria-label="Status"
          value={filters.status}
          onChange={(event) =>
            applyFilters({ ...filters, status: event.target.value as SessionFilters['status'] })
          }
        >
          <option value="">Any status</option>
          {sessionStatuses.map((status) => (
            <option key={status} value={status}>
              {sessionStatusLabels[status]}
            </option>
          ))}
        </select>
        {filtered && (
          <button type="button" className="button-quiet" onClick={clearFilters}>
            Clear filters
          </button>
        )}
      </div>

      <ErrorNotice error={error} />

      {loaded && total === 0 && !filtered && (
        <EmptyState
          title="No sessions yet"
          action={
            <p className="toolbar sessions-empty-actions">
              <a className="button button-primary" href={hashOf({ page: 'live' })}>
                Start a live session
              </a>
              <a className="button" href={hashOf({ page: 'files' })}>
                Transcribe a file
              </a>
            </p>
          }
        >
          Start a live session or drop a file, and its transcript will be kept here.
        </EmptyState>
      )}

      {loaded && total === 0 && filtered && (
        <EmptyState
          title={
            filters.words.trim() === ''
              ? 'No session matches these filters'
              : `No session matches “${filters.words.trim()}”`
          }
          action={
            <button type="button" onClick={clearFilters}>
              Clear filters
            </button>
          }
        >
          Try other words, or clear the filters to see every session.
        </EmptyState>
      )}

      {total > 0 && (
        <>
          <div
            ref={listTop}
            className="session-days"
            tabIndex={-1}
            role="region"
            aria-label={`Sessions ${first}–${last} of ${total}`}
            data-testid="session-list"
          >
            {days.map((day, index) => (
              // A heading per day, not a landmark per day: one region for the page is enough to land on.
              <section key={`${day.key}-${index}`}>
                <h2 className="session-day">{day.label}</h2>
                <ul className="session-list">
                  {day.sessions.map((session) => (
                    <SessionRow
                      key={session.id}
                      session={session}
                      words={filters.words}
                      topics={topicsById}
                      tags={tagsById}
                      providerLabel={providerLabel}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
          {sessions.length === 0 && (
            <p>
              <button type="button" onClick={() => turnPage(0)}>
                Back to the first page
              </button>
            </p>
          )}
          <nav className="toolbar session-paging" aria-label="Pages">
            <span data-testid="page-range">
              {first}–{last} of {total}
            </span>
            <button
              type="button"
              disabled={offset === 0}
              onClick={() => turnPage(Math.max(0, offset - sessionPageSize))}
            >
              Previous
            </button>
            <button
              type="button"
              disabled={offset + sessionPageSize >= total}
              onClick={() => turnPage(offset + sessionPageSize)}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
