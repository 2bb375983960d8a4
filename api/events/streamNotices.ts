/**
 * What the event streams tell a client about the stream itself, beside the service's events: the
 * same words on an event stream and on the WebSocket.
 */

/** The client missed events the feed no longer keeps (or an id from an earlier launch). */
export interface StreamReset {
  type: 'stream.reset';
  /** The newest event's id, where a later reconnect can resume from; absent before the first. */
  id?: string;
  reason: string;
}

export function resetEvent(newestEventId: string | undefined): StreamReset {
  return {
    type: 'stream.reset',
    ...(newestEventId === undefined ? {} : { id: newestEventId }),
    reason:
      'Events after your last event id are no longer kept (or the id is from an earlier run of Earshot). ' +
      'Read again what you show from the REST API; new events follow.',
  };
}

/** The last thing a dropped event stream says. */
export const droppedNotice = {
  type: 'dropped',
  reason:
    'This client left more than 1 MiB of events unread, so Earshot ended the stream. Reconnect with ' +
    'Last-Event-ID set to the id of the last event you got to receive what you missed.',
} as const;

/** A WebSocket closed for falling behind: an application code (4000-4999), like 1008's policy. */
export const droppedCloseCode = 4008;

/** The close reason must fit in 123 bytes. */
export const droppedCloseReason =
  'Too slow: over 1 MiB unread. Reconnect with lastEventId=<last id you got>.';
