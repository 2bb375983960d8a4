import type { Segment } from '../../store/records.ts';

/** A generated artefact of a session that finished changing. */
export type AiArtefact =
  'summary' | 'mindMap' | 'correctedTranscript' | 'translatedTranscript' | 'askHistory';

/** A stored segment as followers see it, timed in the session's audio; its word timings stay in the store. */
export type FeedSegment = Omit<Segment, 'words'>;

/** What of a session a person changed, as `session.updated` tells it. */
export type SessionChange = 'title' | 'topic' | 'tags';

/** What happens in the service, as its followers (event streams, notes, webhooks) are told. */
export type ServiceEvent =
  | { type: 'session.started'; sessionId: string; title: string; providerId: string }
  /** A session was renamed, or given another topic or tags; `title` is its title now. */
  | { type: 'session.updated'; sessionId: string; title: string; changed: SessionChange[] }
  /** The live tentative tail; '' clears it. Never stored. */
  | { type: 'transcript.partial'; sessionId: string; text: string }
  /** One segment, stored before it is told (live sessions and file jobs alike). */
  | { type: 'transcript.final'; sessionId: string; segment: FeedSegment }
  /** P01's newly committed translated text. */
  | { type: 'translation.final'; sessionId: string; text: string }
  | { type: 'session.stopped'; sessionId: string; status: 'completed' | 'interrupted' }
  | { type: 'ai.updated'; sessionId: string; artefacts: AiArtefact[] };

export type ServiceEventType = ServiceEvent['type'];

export const serviceEventTypes: readonly ServiceEventType[] = [
  'session.started',
  'session.updated',
  'transcript.partial',
  'transcript.final',
  'translation.final',
  'session.stopped',
  'ai.updated',
];

/** An event as subscribers get it: its feed id (`<launch>-<n>`, increasing) and when it happened. */
export type PublishedEvent = ServiceEvent & { id: string; at: string };

const defaultBufferSize = 2_000;

/**
 * The one place the service's events pass through: numbered in order, kept in a bounded buffer so a
 * follower that reconnects can be given exactly what it missed, and handed to every subscriber at
 * once. Ids carry the launch they belong to, so an id from an earlier run of the service is known
 * to be one this feed cannot resume from, never mistaken for one of its own.
 */
export class ServiceEventFeed {
  private readonly launch = Date.now().toString(36);
  private readonly bufferSize: number;
  private readonly listeners = new Set<(event: PublishedEvent) => void>();
  private buffer: PublishedEvent[] = [];
  private published = 0;

  constructor(options: { bufferSize?: number } = {}) {
    this.bufferSize = options.bufferSize ?? defaultBufferSize;
  }

  publish(event: ServiceEvent): PublishedEvent {
    this.published += 1;
    const published: PublishedEvent = {
      ...event,
      id: `${this.launch}-${this.published}`,
      at: new Date().toISOString(),
    };
    this.buffer.push(published);
    // Trimmed in batches so publishing stays cheap; the buffer never holds fewer than bufferSize.
    if (this.buffer.length >= this.bufferSize * 2) this.buffer = this.buffer.slice(-this.bufferSize);
    for (const listener of this.listeners) listener(published);
    return published;
  }

  /** Calls `listener` for every event published from now on; returns the unsubscribe function. */
  subscribe(listener: (event: PublishedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The buffered events after `lastEventId`, or 'gap' when the follower has missed events that are
   * no longer kept, or names an id this feed never gave (another launch): it must read again
   * whatever it shows.
   */
  since(lastEventId: string): PublishedEvent[] | 'gap' {
    const match = /^([0-9a-z]+)-(\d+)$/.exec(lastEventId.trim());
    if (match === null || match[1] !== this.launch) return 'gap';
    const seen = Number(match[2]);
    if (seen > this.published) return 'gap';
    const missed = this.published - seen;
    if (missed === 0) return [];
    if (missed > this.buffer.length) return 'gap';
    return this.buffer.slice(-missed);
  }

  /** The id of the newest event, or undefined before the first. */
  get lastEventId(): string | undefined {
    return this.published === 0 ? undefined : `${this.launch}-${this.published}`;
  }
}
