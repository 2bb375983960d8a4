import type {
  PublishedEvent,
  ServiceEventFeed,
  ServiceEventType,
} from '../../actors/serviceEvents/serviceEventFeed.ts';

/**
 * How much a client may leave unread (queued in its stream or socket, not yet taken by it) before
 * it is dropped: a stalled client costs at most this, never memory that grows with the feed.
 */
export const backlogLimitBytes = 1024 * 1024;

/** Which events a client asked for; every event when both are absent. */
export interface EventFilter {
  sessionId?: string;
  types?: ReadonlySet<ServiceEventType>;
}

/**
 * An event as every client is sent it. Its JSON and its Server-Sent Events frame are encoded once,
 * whatever the number of clients, and only when the first client asks for them.
 */
export class EncodedEvent {
  readonly event: PublishedEvent;
  private json: string | undefined;
  private encodedText: Buffer | undefined;
  private encodedFrame: Uint8Array | undefined;

  constructor(event: PublishedEvent) {
    this.event = event;
  }

  /** The event as JSON, UTF-8: a WebSocket text frame's payload. */
  get text(): Buffer {
    return (this.encodedText ??= Buffer.from(this.asJson()));
  }

  /** The `id:`, `event:` and `data:` lines of the event on an event stream. */
  get frame(): Uint8Array {
    return (this.encodedFrame ??= Buffer.from(
      `id: ${this.event.id}\nevent: ${this.event.type}\ndata: ${this.asJson()}\n\n`,
    ));
  }

  private asJson(): string {
    return (this.json ??= JSON.stringify(this.event));
  }
}

/**
 * The events published in one turn of the event loop that pass a client's filter, sent to it
 * together: one write for an event stream instead of one per event.
 */
export class EventBatch {
  readonly events: readonly EncodedEvent[];
  private joinedFrames: Uint8Array | undefined;

  constructor(events: readonly EncodedEvent[]) {
    this.events = events;
  }

  /** The events' frames on an event stream, joined once for every client that gets the batch. */
  get frames(): Uint8Array {
    const [only] = this.events;
    if (this.events.length === 1 && only !== undefined) return only.frame;
    return (this.joinedFrames ??= Buffer.concat(this.events.map((encoded) => encoded.frame)));
  }
}

/** One client's following of the feed. */
export interface Following {
  /** What the client missed after the id it resumed from, in order; 'gap' when that is lost. */
  missed: EventBatch | 'gap';
  /**
   * For a client that names its last id only after it began following: what it missed up to the
   * moment it began (what came after has been delivered to it already), or 'gap'.
   */
  missedBeforeStart(lastEventId: string): EventBatch | 'gap';
  /** Ends the following; the client is no longer counted. Safe to call twice. */
  stop(): void;
}

interface Follower {
  filter: EventFilter;
  deliver: (batch: EventBatch) => void;
  /** Events already waiting when it began following, which it must not be sent. */
  skipped: number;
}

/**
 * The clients following the service's events live (event streams and WebSockets). One subscription
 * to the feed serves them all, held only while at least one follows. Each event is encoded once;
 * the events of one turn of the event loop go to each client as one batch, shared by every client
 * whose filter passes them all.
 */
export class EventFollowers {
  private readonly feed: ServiceEventFeed;
  private readonly followers = new Set<Follower>();
  private unsubscribe: (() => void) | undefined;
  private waiting: EncodedEvent[] = [];

  constructor(feed: ServiceEventFeed) {
    this.feed = feed;
  }

  /** The clients following now. */
  get count(): number {
    return this.followers.size;
  }

  /** The newest event's id: where a client that was told of a gap can resume from. */
  get lastEventId(): string | undefined {
    return this.feed.lastEventId;
  }

  /**
   * Starts delivering every event published from now on that passes `filter`; with `lastEventId`,
   * `missed` holds what came after it. Reading the buffer and subscribing happen in one turn of
   * the event loop, so no event falls between them or is told twice.
   */
  follow(
    filter: EventFilter,
    lastEventId: string | undefined,
    deliver: (batch: EventBatch) => void,
  ): Following {
    const startedAfter = this.feed.lastEventId;
    const missed = lastEventId === undefined ? new EventBatch([]) : this.missedAfter(lastEventId, filter);
    const follower: Follower = { filter, deliver, skipped: this.waiting.length };
    this.followers.add(follower);
    this.unsubscribe ??= this.feed.subscribe((event) => {
      if (this.waiting.length === 0) queueMicrotask(() => this.deliverWaiting());
      this.waiting.push(new EncodedEvent(event));
    });
    return {
      missed,
      missedBeforeStart: (resumedFrom) => {
        const after = this.feed.since(resumedFrom);
        if (after === 'gap') return after;
        const startIndex = after.findIndex((event) => event.id === startedAfter);
        // Without the start among them, nothing was published between the resumed id and the start.
        return encodePassing(startIndex === -1 ? [] : after.slice(0, startIndex + 1), filter);
      },
      stop: () => {
        this.followers.delete(follower);
        if (this.followers.size === 0) {
          this.unsubscribe?.();
          this.unsubscribe = undefined;
        }
      },
    };
  }

  private deliverWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    const everything = new EventBatch(waiting);
    for (const follower of this.followers) {
      const { filter, skipped } = follower;
      follower.skipped = 0;
      const events = waiting.slice(skipped).filter((encoded) => passes(filter, encoded.event));
      if (events.length === 0) continue;
      follower.deliver(events.length === waiting.length ? everything : new EventBatch(events));
    }
  }

  private missedAfter(lastEventId: string, filter: EventFilter): EventBatch | 'gap' {
    const missed = this.feed.since(lastEventId);
    return missed === 'gap' ? missed : encodePassing(missed, filter);
  }
}

function encodePassing(events: PublishedEvent[], filter: EventFilter): EventBatch {
  return new EventBatch(
    events.filter((event) => passes(filter, event)).map((event) => new EncodedEvent(event)),
  );
}

function passes(filter: EventFilter, event: PublishedEvent): boolean {
  return (
    (filter.sessionId === undefined || event.sessionId === filter.sessionId) &&
    (filter.types === undefined || filter.types.has(event.type))
  );
}
