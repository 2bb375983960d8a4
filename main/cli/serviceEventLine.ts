import type { PublishedEvent } from '../../actors/serviceEvents/serviceEventFeed.ts';
import type { ZonedClock } from '../../api/zonedTime.ts';
import { clockTime } from './clockTime.ts';

/**
 * How `earshot events` prints an event for a person: the local time it happened, its type, the
 * session and what it says. The tentative tail is not a line: it is shown, and replaced, apart.
 */
export function serviceEventLine(
  event: Exclude<PublishedEvent, { type: 'transcript.partial' }>,
  clock: ZonedClock,
): string {
  const when = clock(Date.parse(event.at)).timestamp.slice(11, 19);
  return `${when}  ${event.type.padEnd(17)}  ${event.sessionId}  ${eventDetail(event)}`;
}

function eventDetail(event: Exclude<PublishedEvent, { type: 'transcript.partial' }>): string {
  switch (event.type) {
    case 'session.started':
      return `"${event.title}" on ${event.providerId}`;
    case 'session.updated':
      return `"${event.title}" (${event.changed.join(', ')} changed)`;
    case 'transcript.final': {
      const { startMs, speaker, text } = event.segment;
      return `[${clockTime(startMs)}] ${speaker === null ? '' : `${speaker}: `}${text}`;
    }
    case 'translation.final':
      return `→ ${event.text}`;
    case 'session.stopped':
      return event.status;
    case 'ai.updated':
      return event.artefacts.join(', ');
  }
}
