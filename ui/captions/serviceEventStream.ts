import { createParser } from 'eventsource-parser';
import type { PublishedEvent } from '../../actors/serviceEvents/serviceEventFeed.ts';

/** Whether the stream is being read, is waiting to reconnect, or was refused (sign in again). */
export type StreamStatus = 'connecting' | 'open' | 'waiting' | 'refused';

export interface ServiceEventStreamOptions {
  /** The stream's address (`/control/v1/events`, with `?sessionId=` to follow one session). */
  url: string;
  /** Asked afresh for every connection: the page key may change when the browser signs in again. */
  headers: () => Record<string, string>;
  /** Every event, in order, once. */
  onEvent: (event: PublishedEvent) => void;
  /**
   * The service could not give the events since the last one seen (it restarted, or they left its
   * buffer): whatever was shown must be read again. Also called on the first connection, which
   * has nothing before it to resume from.
   */
  onReset: () => void;
  onStatus?: (status: StreamStatus) => void;
  /** How long to wait before reconnecting until the service names its own wait (`retry:`). */
  retryMs?: number;
  fetch?: typeof fetch;
}

/** The event the service sends, instead of what was missed, when it cannot resume from `Last-Event-ID`. */
export const streamResetEvent = 'stream.reset';

const defaultRetryMs = 2000;

/**
 * Follows the service's event stream (Server-Sent Events) with fetch rather than EventSource, which
 * cannot send the page key header. It reconnects after any end or failure, sending the last id it
 * was given as `Last-Event-ID`, so the service hands over exactly what was missed; a refusal (401,
 * 403) ends it, as only signing in again helps. Returns the function that stops it and closes the
 * connection.
 */
export function followServiceEvents(options: ServiceEventStreamOptions): () => void {
  const fetchEvents = options.fetch ?? fetch;
  const controller = new AbortController();
  let lastEventId: string | undefined;
  let retryMs = options.retryMs ?? defaultRetryMs;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const parser = createParser({
    onEvent: (message) => {
      if (message.id !== undefined) lastEventId = message.id;
      if (message.event === streamResetEvent) {
        options.onReset();
        return;
      }
      const event = parseEvent(message.data);
      if (event !== undefined) options.onEvent(event);
    },
    onRetry: (milliseconds) => (retryMs = milliseconds),
  });

  const connect = async (): Promise<void> => {
    options.onStatus?.('connecting');
    parser.reset();
    const resumeFrom = lastEventId;
    try {
      const response = await fetchEvents(options.url, {
        credentials: 'same-origin',
        headers: {
          Accept: 'text/event-stream',
          ...options.headers(),
          ...(resumeFrom === undefined ? {} : { 'Last-Event-ID': resumeFrom }),
        },
        signal: controller.signal,
      });
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        options.onStatus?.('refused');
        return;
      }
      if (!response.ok || response.body === null) {
        await response.body?.cancel();
        throw new Error(`The service answered ${response.status}.`);
      }
      options.onStatus?.('open');
      if (resumeFrom === undefined) options.onReset();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // A stopped stream is aborted on purpose; any other failure is retried like an end.
    }
    if (controller.signal.aborted) return;
    options.onStatus?.('waiting');
    retryTimer = setTimeout(() => void connect(), retryMs);
  };

  void connect();
  return () => {
    controller.abort();
    clearTimeout(retryTimer);
  };
}

function parseEvent(data: string): PublishedEvent | undefined {
  try {
    const event = JSON.parse(data) as unknown;
    return typeof event === 'object' && event !== null && 'type' in event && 'id' in event
      ? (event as PublishedEvent)
      : undefined;
  } catch {
    return undefined;
  }
}
