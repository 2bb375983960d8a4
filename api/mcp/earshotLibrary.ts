import type { LiveStatus } from '../../actors/live/liveStatus.ts';
import type { SessionListSource, SessionReader } from '../../store/records.ts';

/** A place in a session an answer cites. */
export interface CitedPlace {
  sessionId: string;
  sessionTitle: string;
  /** The quoted segment's start and end, ms from the session's start; null where it was not found. */
  startMs: number | null;
  endMs: number | null;
  speaker: string | null;
  quote: string;
}

/** An answer as a question's AI job left it, or as far as it got within the wait. */
export interface AnsweredQuestion {
  /** `pending` when the wait ended before the answer did; the job goes on and saves it. */
  status: 'success' | 'error' | 'pending' | 'cancelled';
  answer: string;
  citations: CitedPlace[];
  /** Where the finished answer will be kept, for a `pending` one. */
  keptAt: string;
}

/** Which sessions a question of the library reads; all when empty. Instants in epoch ms. */
export interface LibraryScope {
  topicId?: string;
  tagId?: string;
  startedFrom?: number;
  startedTo?: number;
}

/** Questions answered by the service's AI jobs, the same ones the app and `earshot ask` start. */
export interface SessionQuestions {
  askSession(sessionId: string, question: string): Promise<AnsweredQuestion>;
  askLibrary(question: string, scope: LibraryScope): Promise<AnsweredQuestion>;
}

/**
 * What the MCP server reads: the sessions, and what only a running service knows. Where a part is
 * missing (no service runs, no AI provider is set up) it is a sentence saying why and what to do,
 * which the tools pass on to the assistant.
 */
export interface EarshotLibrary {
  store: SessionReader;
  /** Where session lists are read; `store` itself when absent. */
  lists?: SessionListSource;
  version: string;
  /** Where the data comes from, in words: the running service, or the data directory read-only. */
  source: 'service' | 'data directory';
  liveStatus: (() => Promise<LiveStatus>) | string;
  /** Asked each time a server is made, so a provider set up meanwhile counts. */
  questions: () => SessionQuestions | string;
}
