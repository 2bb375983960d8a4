import { createZonedClock, localTimeZone, type ZonedClock } from '../../api/zonedTime.ts';
import type { LibraryCitation } from '../../store/libraryQuestionTable.ts';
import type { Tag, Topic } from '../../store/records.ts';
import type { ControlClient } from '../controlClient.ts';
import { clockTime } from './clockTime.ts';
import { UsageError } from './usage.ts';

/** The options of `earshot ask --all`: which sessions the question is asked of. */
export interface LibraryAskOptions {
  all?: boolean;
  /** A topic's name or id. */
  topic?: string;
  /** A tag's name or id. */
  tag?: string;
  /** A day (YYYY-MM-DD) or an ISO 8601 time: sessions that started then or later. */
  since?: string;
  /** A day (all of it) or an ISO 8601 time: sessions that started then or earlier. */
  until?: string;
  ai?: string;
}

/** What `POST /control/v1/questions` takes, the topic and tag still as the user named them. */
export interface LibraryAskRequest {
  question: string;
  topic?: string;
  tag?: string;
  from?: string;
  to?: string;
  aiProvider?: string;
}

const dateShape = /^\d{4}-\d{2}-\d{2}(T.+)?$/;

/** The command line as a request, or a UsageError; the service checks the rest (names, dates). */
export function libraryAskRequest(question: string, options: LibraryAskOptions): LibraryAskRequest {
  if (question === '') {
    throw new UsageError(
      'Ask a question: earshot ask --all "QUESTION" [--topic NAME] [--tag NAME] [--since DATE] [--until DATE] [--ai NAME]',
    );
  }
  const given = (option: string, value: string | undefined): string | undefined => {
    if (value === undefined) return undefined;
    if (value.trim() === '') throw new UsageError(`--${option} needs a value.`);
    return value.trim();
  };
  const date = (option: string, value: string | undefined): string | undefined => {
    const text = given(option, value);
    if (text !== undefined && !dateShape.test(text)) {
      throw new UsageError(`--${option} needs a day as YYYY-MM-DD (or a time as 2026-11-02T09:00:00Z).`);
    }
    return text;
  };
  const request: LibraryAskRequest = { question };
  const topic = given('topic', options.topic);
  const tag = given('tag', options.tag);
  const from = date('since', options.since);
  const to = date('until', options.until);
  const aiProvider = given('ai', options.ai);
  if (topic !== undefined) request.topic = topic;
  if (tag !== undefined) request.tag = tag;
  if (from !== undefined) request.from = from;
  if (to !== undefined) request.to = to;
  if (aiProvider !== undefined) request.aiProvider = aiProvider;
  return request;
}

/** Refuses the options that only a question asked of the library takes. */
export function refuseLibraryOptions(options: LibraryAskOptions): void {
  const named = (['topic', 'tag', 'since', 'until'] as const).filter(
    (option) => options[option] !== undefined,
  );
  if (named.length > 0) {
    throw new UsageError(
      `${named.map((option) => `--${option}`).join(', ')} narrow a question asked of the library: use them with --all.`,
    );
  }
}

/** The request's body, its topic and tag named by id: an exact id first, else a name, ignoring case. */
export async function libraryQuestionBody(
  client: ControlClient,
  request: LibraryAskRequest,
): Promise<Record<string, string>> {
  const { topic, tag, ...body } = request;
  const named = <Item extends { id: string; name: string }>(items: readonly Item[], wanted: string) =>
    items.find((item) => item.id === wanted) ??
    items.find((item) => item.name.toLowerCase() === wanted.toLowerCase());
  const ids: Record<string, string> = {};
  if (topic !== undefined) {
    const { topics } = await client.call<{ topics: Topic[] }>('GET', '/topics');
    const found = named(topics, topic);
    if (found === undefined) throw new Error(`There is no topic "${topic}"; ${choices('topics', topics)}.`);
    ids.topicId = found.id;
  }
  if (tag !== undefined) {
    const { tags } = await client.call<{ tags: Tag[] }>('GET', '/tags');
    const found = named(tags, tag);
    if (found === undefined) throw new Error(`There is no tag "${tag}"; ${choices('tags', tags)}.`);
    ids.tagId = found.id;
  }
  return { ...body, ...ids };
}

function choices(kind: string, items: ReadonlyArray<{ name: string }>): string {
  return items.length === 0
    ? `there are no ${kind} yet`
    : `the ${kind} are ${items.map((item) => `"${item.name}"`).join(', ')}`;
}

/**
 * The answer's citations as `[n] Session title (date) [m:ss] Speaker: quote (session ID)`: `[n]`
 * as the answer cites it, the date the session started, in the local time zone.
 */
export function libraryCitationLines(
  citations: readonly LibraryCitation[],
  clock: ZonedClock = createZonedClock(localTimeZone()),
): string[] {
  return citations.map((citation) => {
    const speaker = citation.speaker === null ? '' : `${citation.speaker}: `;
    return (
      `[${citation.passage}] ${citation.sessionTitle} (${clock(citation.sessionStartedAt).date}) ` +
      `[${clockTime(citation.startMs)}] ${speaker}${citation.quote} (session ${citation.sessionId})`
    );
  });
}
