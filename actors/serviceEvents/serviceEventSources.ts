import type { Cell, ChangedCells } from 'tinybase';
import type { LiveSessions } from '../live/liveSessions.ts';
import type { LiveSessionUpdate } from '../live/liveSession.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type {
  AiArtefact,
  FeedSegment,
  ServiceEvent,
  ServiceEventFeed,
  SessionChange,
} from './serviceEventFeed.ts';

type ChangedCell = [before: Cell | object | undefined, after: Cell | object | undefined];

/**
 * Feeds the feed from where things happen. The store tells what was committed — sessions started
 * and stopped, segments stored (live and file jobs alike), AI artefacts finished — so a follower is
 * only ever told what is already safe on disk; live sessions tell what is never stored (the
 * tentative tail, P01's translated line); without them, only the store's events. Returns the
 * function that stops feeding.
 */
export function feedServiceEvents(
  feed: ServiceEventFeed,
  sources: { store: SessionStore; live?: Pick<LiveSessions, 'watchUpdates'> },
): () => void {
  const { store, live } = sources;
  const shownTentative = new Map<string, string>();
  const stopStore = store.watchCells((changed) => {
    for (const event of storeEvents(store, changed)) feed.publish(event);
  });
  const stopLive = live?.watchUpdates((update) => {
    for (const event of liveEvents(update, shownTentative)) feed.publish(event);
  });
  return () => {
    stopStore();
    stopLive?.();
  };
}

function storeEvents(store: SessionStore, changed: ChangedCells): ServiceEvent[] {
  const events: ServiceEvent[] = [];
  const resumed = new Set<string>();
  const stopped: ServiceEvent[] = [];
  for (const [sessionId, cells] of Object.entries(changed.sessions ?? {})) {
    const [before, after] = cells.status ?? [];
    if (after === 'recording' && before !== 'recording') {
      // A resumed session's stored lines are loaded back in the same transaction: not new.
      if (before !== undefined) resumed.add(sessionId);
      const row = store.readRow('sessions', sessionId);
      events.push({
        type: 'session.started',
        sessionId,
        title: typeof row?.title === 'string' ? row.title : '',
        providerId: typeof row?.providerId === 'string' ? row.providerId : '',
      });
    } else if (before === 'recording' && (after === 'completed' || after === 'interrupted')) {
      stopped.push({ type: 'session.stopped', sessionId, status: after });
    } else if (before === 'interrupted' && after === 'completed') {
      // Finalising an interrupted session is when it becomes complete: notes and webhooks wait for that.
      stopped.push({ type: 'session.stopped', sessionId, status: 'completed' });
    }
    const changed = sessionChanges(cells);
    if (changed.length > 0) {
      const title = store.readRow('sessions', sessionId)?.title;
      events.push({
        type: 'session.updated',
        sessionId,
        title: typeof title === 'string' ? title : '',
        changed,
      });
    }
    const artefacts = finishedArtefacts(cells);
    if (artefacts.length > 0) events.push({ type: 'ai.updated', sessionId, artefacts });
  }
  events.push(...storedSegments(changed, resumed));
  for (const [rowId, cells] of Object.entries(changed.askEntries ?? {})) {
    const [before, after] = cells.status ?? [];
    if (before === after || (after !== 'success' && after !== 'error')) continue;
    const sessionId = store.readRow('askEntries', rowId)?.sessionId;
    if (typeof sessionId === 'string') {
      events.push({ type: 'ai.updated', sessionId, artefacts: ['askHistory'] });
    }
  }
  // A session's last lines and its stop can share a transaction; the lines are told first.
  return [...events, ...stopped];
}

/** Segment rows that did not exist before this transaction, in order. */
function storedSegments(changed: ChangedCells, resumed: Set<string>): ServiceEvent[] {
  const events: Array<{ type: 'transcript.final'; sessionId: string; segment: FeedSegment }> = [];
  for (const cells of Object.values(changed.segments ?? {})) {
    const [before, text] = cells.text ?? [];
    const sessionId = cells.sessionId?.[1];
    if (before !== undefined || typeof text !== 'string' || typeof sessionId !== 'string') continue;
    if (resumed.has(sessionId)) continue;
    events.push({
      type: 'transcript.final',
      sessionId,
      segment: {
        seq: Number(cells.seq?.[1]),
        text,
        startMs: Number(cells.startMs?.[1]),
        endMs: Number(cells.endMs?.[1]),
        speaker: optionalText(cells.speaker?.[1]),
        language: optionalText(cells.language?.[1]),
      },
    });
  }
  return events.sort(
    (first, second) =>
      first.sessionId.localeCompare(second.sessionId) || first.segment.seq - second.segment.seq,
  );
}

/** The cells a person changes, under the names `session.updated` gives them. */
const changeableCells: ReadonlyArray<[cell: string, change: SessionChange]> = [
  ['title', 'title'],
  ['topicId', 'topic'],
  ['tagIds', 'tags'],
];

/** What changed of a session that was there before and still is (not one created or deleted). */
function sessionChanges(cells: Record<string, ChangedCell>): SessionChange[] {
  return changeableCells
    .filter(([cell]) => {
      const [before, after] = cells[cell] ?? [];
      return before !== undefined && after !== undefined && before !== after;
    })
    .map(([, change]) => change);
}

/** The artefacts whose generation ended (with a result or an error) or whose text was replaced. */
function finishedArtefacts(cells: Record<string, ChangedCell>): AiArtefact[] {
  const artefacts: AiArtefact[] = [];
  if (generationEnded(cells.postProcess)) artefacts.push('summary');
  if (generationEnded(cells.mindMap)) artefacts.push('mindMap');
  if (textReplaced(cells.correctedTranscript)) artefacts.push('correctedTranscript');
  if (textReplaced(cells.translatedTranscript)) artefacts.push('translatedTranscript');
  return artefacts;
}

function generationEnded(cell: ChangedCell | undefined): boolean {
  if (cell === undefined) return false;
  const [before, after] = cell.map(generationStatus);
  // A new session's row is not an artefact finishing.
  if (before === undefined) return false;
  return (after === 'success' || after === 'error') && JSON.stringify(cell[0]) !== JSON.stringify(cell[1]);
}

/** The transaction log holds an object cell as TinyBase encodes it: a marker character, then JSON. */
function generationStatus(value: Cell | object | undefined): unknown {
  const parsed = typeof value === 'string' ? safeJson(value.slice(value.indexOf('{'))) : value;
  return typeof parsed === 'object' && parsed !== null ? (parsed as { status?: unknown }).status : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function textReplaced(cell: ChangedCell | undefined): boolean {
  if (cell === undefined) return false;
  const [before, after] = cell;
  return before !== undefined && typeof after === 'string' && after !== '' && after !== before;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The tentative tail when it changed, and P01's newly committed translated text. */
function liveEvents(update: LiveSessionUpdate, shownTentative: Map<string, string>): ServiceEvent[] {
  const { sessionId } = update;
  const events: ServiceEvent[] = [];
  const ended = update.state === 'completed' || update.state === 'interrupted';
  const tentative = ended ? '' : update.tentative;
  if ((shownTentative.get(sessionId) ?? '') !== tentative) {
    events.push({ type: 'transcript.partial', sessionId, text: tentative });
  }
  if (ended) shownTentative.delete(sessionId);
  else shownTentative.set(sessionId, tentative);
  const translated = update.translation?.finalText ?? '';
  if (translated !== '') events.push({ type: 'translation.final', sessionId, text: translated });
  return events;
}
