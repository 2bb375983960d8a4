import { useEffect, useState } from 'react';
import { useCell } from 'tinybase/ui-react';
import type { AskEntry, Segment, SessionRecord } from '../../store/records.ts';
import { control, ControlRequestError } from '../connection/control.ts';

export interface SessionDetail {
  session: SessionRecord;
  /** Each with its timed `words` where the provider gave them. */
  segments: Segment[];
  askHistory: AskEntry[];
  /** Names given to the speaker labels of the segments, by label. */
  speakerNames: Record<string, string>;
}

export type SessionDetailState =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; error: unknown }
  | { state: 'loaded'; detail: SessionDetail };

/**
 * A session with its transcript and questions, from the service. Asked again whenever the replica
 * says the session changed (renamed, moved, finished, deleted), so the page never shows stale facts.
 */
export function useSessionDetail(sessionId: string): SessionDetailState {
  const updatedAt = useCell('sessions', sessionId, 'updatedAt');
  const [state, setState] = useState<SessionDetailState & { sessionId: string }>({
    state: 'loading',
    sessionId,
  });
  useEffect(() => {
    let current = true;
    control<SessionDetail>('GET', `/sessions/${encodeURIComponent(sessionId)}`).then(
      (detail) => {
        if (current) setState({ state: 'loaded', detail, sessionId });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ControlRequestError && error.status === 404) {
          setState({ state: 'missing', sessionId });
        } else {
          setState({ state: 'failed', error, sessionId });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [sessionId, updatedAt]);
  return state.sessionId === sessionId ? state : { state: 'loading' };
}
