import type { Tag, Topic } from '../../store/records.ts';
import { hashOf } from '../app/route.ts';
import { formatDateTime, formatDuration } from '../format/time.ts';
import { HighlightedText } from './HighlightedText.tsx';
import { sessionDisplayTitle } from './sessionDisplayTitle.ts';
import { SessionStatusBadge } from './SessionStatusBadge.tsx';
import { TagChip } from './TagChip.tsx';
import { TopicLabel } from './TopicLabel.tsx';
import type { SessionSearchResult } from './useSessionSearch.ts';

/** One result of the sessions list: a link to the session with what tells sessions apart. */
export function SessionRow(props: {
  session: SessionSearchResult;
  term: string;
  topics: ReadonlyMap<string, Topic>;
  tags: ReadonlyMap<string, Tag>;
  providerLabel: (providerId: string) => string;
}) {
  const { session, term } = props;
  const topic = session.topicId === null ? undefined : props.topics.get(session.topicId);
  const tags = session.tagIds.flatMap((tagId) => props.tags.get(tagId) ?? []);
  return (
    <li>
      <a className="session-row" href={hashOf({ page: 'session', sessionId: session.id })}>
        <span className="session-row-heading">
          <span className="session-row-title">
            <HighlightedText text={sessionDisplayTitle(session)} term={term} />
          </span>
          <SessionStatusBadge status={session.status} />
        </span>
        <span className="session-row-facts muted">
          <span>{formatDateTime(session.startedAt)}</span>
          <span>{formatDuration(session.durationMs)}</span>
          <span>{props.providerLabel(session.providerId)}</span>
          {topic && <TopicLabel topic={topic} />}
          {tags.map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
        </span>
        {session.snippet !== null && (
          <span className="session-row-snippet" data-testid="snippet">
            <HighlightedText text={session.snippet} term={term} />
          </span>
        )}
      </a>
    </li>
  );
}
