import type { MatchingLine, Tag, Topic } from '../../store/records.ts';
import { hashOf } from '../app/route.ts';
import { formatDuration, formatTimeOfDay } from '../format/time.ts';
import { MarkedText } from './MarkedText.tsx';
import { sessionDisplayTitle } from './sessionDisplayTitle.ts';
import { sessionPreview } from './sessionPreview.ts';
import { SessionStatusBadge } from './SessionStatusBadge.tsx';
import { TagChip } from './TagChip.tsx';
import { TopicLabel } from './TopicLabel.tsx';
import type { SessionSearchResult } from './useSessionSearch.ts';
import { wordMarks } from './wordMarks.ts';

/**
 * One result of the sessions list: a link to the session with what tells sessions apart. The day
 * is its group's heading, so the row gives the time; under the facts, what was talked about (the
 * preview), or for a search, the line where the words were found, which the link opens at.
 */
export function SessionRow(props: {
  session: SessionSearchResult;
  /** The words searched for, marked in the title. */
  words: string;
  topics: ReadonlyMap<string, Topic>;
  tags: ReadonlyMap<string, Tag>;
  providerLabel: (providerId: string) => string;
}) {
  const { session } = props;
  const topic = session.topicId === null ? undefined : props.topics.get(session.topicId);
  const tags = session.tagIds.flatMap((tagId) => props.tags.get(tagId) ?? []);
  const title = sessionDisplayTitle(session, session.opening === null ? [] : [{ text: session.opening }]);
  const match = session.matchingLine ?? null;
  const preview = match === null ? sessionPreview(session) : null;
  const href = hashOf({
    page: 'session',
    sessionId: session.id,
    ...(match?.startMs == null ? {} : { atMs: match.startMs }),
  });
  return (
    <li>
      <a className="session-row" href={href}>
        <span className="session-row-heading">
          <span className="session-row-title">
            <MarkedText text={title} marks={wordMarks(title, props.words)} />
          </span>
          <SessionStatusBadge status={session.status} />
        </span>
        <span className="session-row-facts muted">
          <time dateTime={new Date(session.startedAt).toISOString()}>
            {formatTimeOfDay(session.startedAt)}
          </time>
          <span>{formatDuration(session.durationMs)}</span>
          <span>{props.providerLabel(session.providerId)}</span>
          {topic && <TopicLabel topic={topic} />}
          {tags.map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
        </span>
        {preview !== null && (
          <span className="session-row-preview" data-testid="preview">
            {preview}
          </span>
        )}
        {match !== null && <MatchingLineText line={match} />}
      </a>
    </li>
  );
}

/** Where a word search found its words: the moment and speaker of the transcript, or the summary. */
function MatchingLineText(props: { line: MatchingLine }) {
  const { line } = props;
  return (
    <span className="session-row-match" data-testid="matching-line">
      {line.source === 'summary' && <span className="muted">Summary: </span>}
      {line.startMs !== null && <span className="timestamp muted">{formatDuration(line.startMs)} </span>}
      {line.speaker !== null && <span className="speaker">{line.speaker}: </span>}
      <MarkedText text={line.text} marks={line.marks} />
    </span>
  );
}
