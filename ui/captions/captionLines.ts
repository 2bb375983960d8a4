import type { PublishedEvent } from '../../actors/serviceEvents/serviceEventFeed.ts';

/** Which session the captions show: whichever is recording, or one chosen by its id. */
export type CaptionFollow = { kind: 'recording' } | { kind: 'session'; sessionId: string };

/** One committed segment of the session, by its place in the transcript. */
export interface CaptionLine {
  seq: number;
  text: string;
}

export interface CaptionState {
  follow: CaptionFollow;
  /** The session shown; its title is '' until known. None while nothing is recording. */
  session: { id: string; title: string } | undefined;
  /** The newest committed segments, enough to fill the caption lines, in transcript order. */
  lines: CaptionLine[];
  /** The end of what was committed, as shown (older text is dropped). */
  committed: string;
  /** The tentative tail after the committed text; never stored. */
  tentative: string;
  /** The end of the session's translation, '' while it has none. */
  translation: string;
  /** How the chosen session ended, once it has; a followed recording's end clears the captions instead. */
  ended: 'completed' | 'interrupted' | undefined;
}

/** What the captions read from the service when they open or after a gap in the events. */
export interface CaptionSnapshot {
  session: { id: string; title: string; status: string };
  /** The session's last committed segments, oldest first. */
  lines: CaptionLine[];
}

export type CaptionAction =
  | { type: 'event'; event: PublishedEvent }
  /** The events have a gap (or are just starting): what is shown may be stale, and is read again. */
  | { type: 'reset' }
  /** What was read after a reset; undefined when nothing is recording (or the chosen session is gone). */
  | { type: 'loaded'; snapshot: CaptionSnapshot | undefined }
  | { type: 'titled'; sessionId: string; title: string };

/** More than two wrapped lines of the widest caption window hold; the view shows the end of it. */
export const keptCharacters = 320;

export function initialCaptions(follow: CaptionFollow): CaptionState {
  return {
    follow,
    session: undefined,
    lines: [],
    committed: '',
    tentative: '',
    translation: '',
    ended: undefined,
  };
}

/** The captions after an event from the service or a read of the session. */
export function nextCaptions(state: CaptionState, action: CaptionAction): CaptionState {
  switch (action.type) {
    case 'reset':
      return initialCaptions(state.follow);
    case 'loaded':
      return loaded(state, action.snapshot);
    case 'titled':
      return state.session?.id === action.sessionId
        ? { ...state, session: { id: action.sessionId, title: action.title } }
        : state;
    case 'event':
      return afterEvent(state, action.event);
  }
}

/**
 * A read that ends a reset, joined with the events that came while it was under way: they are
 * newer, so a session they started or showed is kept, and its lines are merged with those read.
 */
function loaded(state: CaptionState, snapshot: CaptionSnapshot | undefined): CaptionState {
  if (snapshot === undefined) return state;
  const { id, title, status } = snapshot.session;
  const ended = status === 'completed' || status === 'interrupted' ? status : undefined;
  if (state.session !== undefined && state.session.id !== id) return state;
  if (ended !== undefined && state.follow.kind === 'recording') return state;
  const session = { id, title: state.session?.title || title };
  return withLines({ ...state, session, ended: state.ended ?? ended }, [...snapshot.lines, ...state.lines]);
}

function afterEvent(state: CaptionState, event: PublishedEvent): CaptionState {
  if (!follows(state, event.sessionId)) {
    // Following whatever records: a session that starts, or that speaks while none is shown, is taken up.
    // (Only by words: a session's tentative tail is cleared after its stop, and must not bring it back.)
    const startsShowing =
      state.follow.kind === 'recording' &&
      (event.type === 'session.started' || (state.session === undefined && spokenText(event) !== ''));
    if (!startsShowing) return state;
    state = { ...initialCaptions(state.follow), session: { id: event.sessionId, title: '' } };
  } else if (state.session === undefined) {
    state = { ...state, session: { id: event.sessionId, title: '' } };
  }
  switch (event.type) {
    case 'session.started':
      return {
        ...initialCaptions(state.follow),
        session: { id: event.sessionId, title: event.title },
      };
    case 'session.updated':
      return { ...state, session: { id: event.sessionId, title: event.title } };
    case 'transcript.final':
      return withLines(state, [...state.lines, { seq: event.segment.seq, text: event.segment.text }]);
    case 'transcript.partial':
      return { ...state, tentative: event.text };
    case 'translation.final':
      return { ...state, translation: tail(joined(state.translation, event.text)) };
    case 'session.stopped':
      return state.follow.kind === 'recording'
        ? initialCaptions(state.follow)
        : { ...state, tentative: '', ended: event.status };
    case 'ai.updated':
      return state;
  }
}

/** Whether the event is about the session shown (or, for a chosen one, the session chosen). */
function follows(state: CaptionState, sessionId: string): boolean {
  return state.follow.kind === 'session'
    ? state.follow.sessionId === sessionId
    : state.session?.id === sessionId;
}

/**
 * The state with these lines, each segment once (a line read and also told keeps one place), in
 * transcript order, only the newest that the caption lines can show.
 */
function withLines(state: CaptionState, lines: CaptionLine[]): CaptionState {
  const bySeq = new Map(lines.map((line) => [line.seq, line]));
  const ordered = [...bySeq.values()].sort((first, second) => first.seq - second.seq);
  let characters = 0;
  let first = ordered.length;
  while (first > 0 && characters < keptCharacters) {
    first -= 1;
    characters += (ordered[first]?.text.length ?? 0) + 1;
  }
  const kept = ordered.slice(first);
  const committed = tail(kept.reduce((text, line) => joined(text, line.text), ''));
  return { ...state, lines: kept, committed };
}

function spokenText(event: PublishedEvent): string {
  if (event.type === 'transcript.final') return event.segment.text.trim();
  return event.type === 'transcript.partial' ? event.text.trim() : '';
}

function joined(before: string, text: string): string {
  const added = text.trim();
  if (added === '') return before;
  return before === '' ? added : `${before} ${added}`;
}

/** The last `keptCharacters` of the text, cut at a word so no word is shown in part. */
function tail(text: string): string {
  if (text.length <= keptCharacters) return text;
  const end = text.slice(-keptCharacters);
  const wordStart = end.indexOf(' ');
  return wordStart === -1 ? end : end.slice(wordStart + 1);
}
