import type { Context } from 'hono';

import { errorResponse } from '../responses.ts';
import { parseEventQuery } from './eventFilterQuery.ts';
import { backlogLimitBytes, type EventFollowers } from './eventFollowers.ts';
import { droppedNotice, resetEvent } from './streamNotices.ts';

/** A comment line this often keeps proxies and idle timers from closing a quiet stream. */
export const heartbeatIntervalMs = 15_000;

/**
 * How long a dropped client gets to read its backlog and the `dropped` notice before the
 * connection is cut, which frees the backlog of one that has stopped reading altogether.
 */
export const droppedGraceMs = 10_000;

const encoder = new TextEncoder();

/**
 * `GET /api/v1/events` and `GET /control/v1/events` (one handler, mounted behind each path's own
 * credential check): the service's events as Server-Sent Events. Each event is `id:` (its feed id),
 * `event:` (its type) and `data:` (the event as JSON). A `Last-Event-ID` header (or `lastEventId`
 * query) resumes after that event from the feed's buffer; when the feed no longer has it, a
 * `stream.reset` event comes first, telling the client to read again what it shows. A client that
 * leaves more than `backlogLimitBytes` unread is sent `dropped` with the reason, and the stream ends.
 */
export function eventStreamRoute(followers: EventFollowers): (context: Context) => Response {
  return (context) => {
    const query = parseEventQuery(new URL(context.req.url).searchParams);
    if (!query.ok) return errorResponse('invalid_query', query.message);
    // HEAD is answered by running GET and dropping its body, which would never be cancelled: a
    // follower no one reads. It gets the headers only.
    if (context.req.method === 'HEAD') return new Response(null, { headers: streamHeaders });
    const lastEventId = context.req.header('last-event-id') || query.lastEventId;

    let stopFollowing = () => {};
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let cutOff: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopFollowing();
      clearInterval(heartbeat);
    };
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          let dropped = false;
          const send = (bytes: Uint8Array) => {
            if (dropped) return;
            controller.enqueue(bytes);
            if ((controller.desiredSize ?? 0) >= 0) return;
            dropped = true;
            stop();
            controller.enqueue(encoder.encode(`event: dropped\ndata: ${JSON.stringify(droppedNotice)}\n\n`));
            controller.close();
            // Errors the stream only if the client has not read it all by then (then it is a no-op).
            cutOff = setTimeout(() => controller.error(new Error('dropped client')), droppedGraceMs).unref();
          };
          const following = followers.follow(query.filter, lastEventId, (batch) => send(batch.frames));
          stopFollowing = () => following.stop();
          if (following.missed === 'gap') {
            const reset = resetEvent(followers.lastEventId);
            const idLine = reset.id === undefined ? '' : `id: ${reset.id}\n`;
            send(encoder.encode(`${idLine}event: ${reset.type}\ndata: ${JSON.stringify(reset)}\n\n`));
          } else if (following.missed.events.length > 0) {
            send(following.missed.frames);
          }
          heartbeat = setInterval(() => send(encoder.encode(': keep-alive\n\n')), heartbeatIntervalMs);
        },
        cancel() {
          stop();
          clearTimeout(cutOff);
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: backlogLimitBytes }),
    );
    return new Response(body, { headers: streamHeaders });
  };
}

const streamHeaders = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // Proxies that buffer answers (nginx) would hold events back.
  'X-Accel-Buffering': 'no',
};
