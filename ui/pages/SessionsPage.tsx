import { useEffect, useMemo, useRef, useState } from 'react';
import { sessionStatuses } from '../../store/records.ts';
import { hashOf } from '../app/route.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import {
  hasSessionFilters,
  noSessionFilters,
  readSessionFilters,
  type SessionFilters,
  writeSessionFilters,
} from '../sessions/sessionFilters.ts';
import { SessionRow } from '../sessions/SessionRow.tsx';
import { sessionStatusLabels } from '../sessions/SessionStatusBadge.tsx';
import { useProviderLabels } from '../sessions/useProviderLabels.ts';
import { sessionPageSize, useSessionSearch } from '../sessions/useSessionSearch.ts';
import { useTags, useTopics } from '../store/replicaRecords.ts';
import '../styles/sessions.css';

/** Typing pauses this long before the service is asked, so a word is one request, not one per key. */
const searchDelayMs = 250;

export function SessionsPage() {
  const [filters, setFilters] = useState<SessionFilters>(readSessionFilters);
  const [searchText, setSearchText] = useState(filters.search);
  const [offset, setOffset] = useState(0);
  const searchBox = useRef<HTMLInputElement>(null);
  const topics = useTopics();
  const tags = useTags();
  const topicsById = useMemo(() => new Map(topics.map((topic) => [topic.id, topic])), [topics]);
  const tagsById = useMemo(() => new Map(tags.map((tag) => [tag.id, tag])), [tags]);
  const providerLabel = useProviderLabels();
  const { sessions, total, loaded, error } = useSessionSearch(filters, offset);

  const applyFilters = (next: SessionFilters) => {
    writeSessionFilters(next);
    setFilters(next);
    setOffset(0);
  };

  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => {
      const next = { ...filters, search: searchText };
      writeSessionFilters(next);
      setFilters(next);
      setOffset(0);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, filters]);

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

  const clearFilters = () => {
    setSearchText('');
    applyFilters(noSessionFilters);
  };

  const filtered = hasSessionFilters(filters);
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + sessions.length, total);

  return (
    <section className="sessions-page">
      <h1>Sessions</h1>
      <div className="toolbar sessions-filters" role="search">
        <input
          ref={searchBox}
          type="search"
          className="sessions-search"
          aria-label="Search titles and transcripts"
          placeholder="Search titles and transcripts (press /)"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyFilters({ ...filters, search: searchText });
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
            filters.search.trim() === ''
              ? 'No session matches these filters'
              : `No session matches “${filters.search.trim()}”`
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
          <ul className="session-list" aria-label="Sessions">
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                term={filters.search}
                topics={topicsById}
                tags={tagsById}
                providerLabel={providerLabel}
              />
            ))}
          </ul>
          {sessions.length === 0 && (
            <p>
              <button type="button" onClick={() => setOffset(0)}>
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
              onClick={() => setOffset(Math.max(0, offset - sessionPageSize))}
            >
              Previous
            </button>
            <button
              type="button"
              disabled={offset + sessionPageSize >= total}
              onClick={() => setOffset(offset + sessionPageSize)}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
