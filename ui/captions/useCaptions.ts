import { useEffect, useReducer, useState } from 'react';
import type { ServiceEventType } from '../../actors/serviceEvents/serviceEventFeed.ts';
import type { Segment, SessionRecord } from '../../store/records.ts';
import { control, controlUrl } from '../connection/control.ts';
import { pageKeyHeaders } from '../connection/pageKey.ts';
import {
  type CaptionFollow,
  type CaptionSnapshot,
  type CaptionState,
  initialCaptions,
  nextCaptions,
} from './captionLines.ts';
import { followServiceEvents, type StreamStatus } from './serviceEventStream.ts';

/** The events captions show; AI artefacts are not among them. */
const captionEventTypes: ReadonlyArray<ServiceEventType> = [
  'session.started',
  'session.updated',
  'transcript.partial',
  'transcript.final',
  'translation.final',
  'session.stopped',
];

/** Enough of a session's last lines to fill the caption lines when they open. */
const linesRead = 12;

/**
 * The captions of the followed session, kept current by the service's event stream while the
 * component is mounted: unmounting (closing the captions window) closes the stream.
 */
export function useCaptions(follow: CaptionFollow): { captions: CaptionState; status: StreamStatus } {
  const followedId = follow.kind === 'session' ? follow.sessionId : undefined;
  const [captions, dispatch] = useReducer(nextCaptions, follow, initialCaptions);
  const [status, setStatus] = useState<StreamStatus>('connecting');

  useEffect(() => {
    const query = new URLSearchParams({ types: captionEventTypes.join(',') });
    if (followedId !== undefined) query.set('sessionId', followedId);
    return followServiceEvents({
      url: controlUrl(`/events?${query}`),
      headers: pageKeyHeaders,
      onEvent: (event) => dispatch({ type: 'event', event }),
      onReset: () => {
        dispatch({ type: 'reset' });
        void readSnapshot(followedId).then(
          (snapshot) => dispatch({ type: 'loaded', snapshot }),
          // Unreadable now: the events still bring the next words, and the next reset reads again.
          () => undefined,
        );
      },
      onStatus: setStatus,
    });
  }, [followedId]);

  // A recording taken up from its words, not its start, has no title yet.
  const untitledId = captions.session?.title === '' ? captions.session.id : undefined;
  useEffect(() => {
    if (untitledId === undefined) return;
    void readSession(untitledId).then(
      ({ session }) => dispatch({ type: 'titled', sessionId: untitledId, title: session.title }),
      () => undefined,
    );
  }, [untitledId]);

  return { captions, status };
}

interface SessionAnswer {
  session: SessionRecord;
  segments: Segment[];
}

function readSession(sessionId: string): Promise<SessionAnswer> {
  return control<SessionAnswer>('GET', `/sessions/${encodeURIComponent(sessionId)}`);
}

/** The chosen session, or the newest one recording, with its last lines; undefined when there is none. */
async function readSnapshot(sessionId: string | undefined): Promise<CaptionSnapshot | undefined> {
  const id =
    sessionId ??
    (await control<{ sessions: SessionRecord[] }>('GET', '/sessions?status=recording&limit=1')).sessions[0]
      ?.id;
  if (id === undefined) return undefined;
  const { session, segments } = await readSession(id);
  return {
    session: { id: session.id, title: session.title, status: session.status },
    lines: segments.slice(-linesRead).map(({ seq, text }) => ({ seq, text })),
  };
}
