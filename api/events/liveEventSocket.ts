import type { IncomingMessage } from 'node:http';
import { type WebSocket } from 'ws';
import { z } from 'zod';

import { apiAccessRefusal } from '../accessGuard.ts';
import type { ApiAccess } from '../dependencies.ts';
import { offeredProtocolValue, type Refusal, type WebSocketEndpoint } from '../websocketRouter.ts';
import { parseEventQuery } from './eventFilterQuery.ts';
import { backlogLimitBytes, type EventBatch, type EventFollowers } from './eventFollowers.ts';
import { droppedGraceMs, heartbeatIntervalMs } from './eventStreamRoute.ts';
import { droppedCloseCode, droppedCloseReason, resetEvent } from './streamNotices.ts';

export const liveEventsPath = '/api/v1/live';

/** A browser cannot set headers on an upgrade, so the token may come as this subprotocol's suffix. */
export const tokenProtocolPrefix = 'earshot-token.';

const resumeMessageSchema = z.object({ type: z.literal('resume'), lastEventId: z.string().min(1) });

const resumeHint = 'Send {"type":"resume","lastEventId":"<id>"} as the first message, or nothing.';

/**
 * `/api/v1/live`: the event stream of `GET /api/v1/events` as a WebSocket, one JSON event per text
 * frame, for clients that prefer one. It takes the REST API's switch and token (in the
 * `Authorization` header, or offered as the subprotocol `earshot-token.<token>` beside the plain
 * `earshot-events`, which is the one echoed back), never a token in the URL. A client resumes with
 * `lastEventId` in the query, or with a first message `{"type":"resume","lastEventId"}`, which is
 * answered with what it missed before it connected (it has been sent what came after). A client
 * that leaves more than `backlogLimitBytes` unread is closed with code 4008 and the reason; one
 * that does not answer a ping by the next is cut off.
 */
export class LiveEventSocket implements WebSocketEndpoint {
  private readonly followers: EventFollowers;
  private readonly access: ApiAccess;
  private readonly sockets = new Set<WebSocket>();
  private readonly pingIntervalMs: number;

  constructor(followers: EventFollowers, access: ApiAccess, options: { pingIntervalMs?: number } = {}) {
    this.followers = followers;
    this.access = access;
    this.pingIntervalMs = options.pingIntervalMs ?? heartbeatIntervalMs;
  }

  refusal(request: IncomingMessage, url: URL): Refusal {
    if (url.searchParams.has('token') || url.searchParams.has('access_token')) {
      return {
        code: 'bad_request',
        message:
          'Never put the API token in the URL, where logs keep it. Send it in the header "Authorization: Bearer <token>" ' +
          `or offer the subprotocols "earshot-events" and "${tokenProtocolPrefix}<token>".`,
      };
    }
    const offeredToken = offeredProtocolValue(request, tokenProtocolPrefix);
    const refusal = apiAccessRefusal(
      this.access,
      request.headers.authorization ?? (offeredToken === undefined ? undefined : `Bearer ${offeredToken}`),
      'Send the API token from Earshot\'s settings in the header "Authorization: Bearer <token>", or offer the ' +
        `subprotocols "earshot-events" and "${tokenProtocolPrefix}<token>".`,
    );
    if (refusal !== undefined) return refusal;
    const query = parseEventQuery(url.searchParams);
    return query.ok ? undefined : { code: 'invalid_query', message: query.message };
  }

  connected(socket: WebSocket, _request: IncomingMessage, url: URL): void {
    const query = parseEventQuery(url.searchParams);
    if (!query.ok) return;
    this.sockets.add(socket);
    let dropped = false;
    let cutOff: ReturnType<typeof setTimeout> | undefined;
    const send = (text: Buffer | string) => {
      if (dropped) return;
      socket.send(text, { binary: false });
      if (socket.bufferedAmount <= backlogLimitBytes) return;
      dropped = true;
      following.stop();
      socket.close(droppedCloseCode, droppedCloseReason);
      // A client that stopped reading never answers the close; its backlog goes with the connection.
      cutOff = setTimeout(() => socket.terminate(), droppedGraceMs);
    };
    const sendBatch = (batch: EventBatch) => {
      for (const encoded of batch.events) send(encoded.text);
    };
    const sendMissed = (missed: EventBatch | 'gap') => {
      if (missed === 'gap') send(JSON.stringify(resetEvent(this.followers.lastEventId)));
      else sendBatch(missed);
    };
    const following = this.followers.follow(query.filter, query.lastEventId, sendBatch);
    sendMissed(following.missed);

    // A peer that vanished (a laptop asleep, a cable pulled) never closes its socket; it only stops
    // answering pings, and would be counted in liveClients and followed for ever.
    let answered = true;
    socket.on('pong', () => {
      answered = true;
    });
    const pinging = setInterval(() => {
      if (!answered) {
        socket.terminate();
        return;
      }
      answered = false;
      socket.ping();
    }, this.pingIntervalMs);

    let firstMessage = true;
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const parsed = isBinary ? undefined : resumeMessageSchema.safeParse(parseJson(data.toString()));
      if (!firstMessage || query.lastEventId !== undefined || parsed?.success !== true) {
        const message =
          !firstMessage || query.lastEventId !== undefined
            ? 'Only the first message may resume, on a connection without lastEventId in its URL; this one was ignored.'
            : resumeHint;
        send(JSON.stringify({ type: 'error', message }));
      } else {
        sendMissed(following.missedBeforeStart(parsed.data.lastEventId));
      }
      firstMessage = false;
    });
    socket.on('close', () => {
      this.sockets.delete(socket);
      following.stop();
      clearTimeout(cutOff);
      clearInterval(pinging);
    });
  }

  /**
   * Ends every connection: a shutting-down server waits for upgraded sockets, which it no longer
   * counts as its own HTTP connections.
   */
  close(): void {
    for (const socket of this.sockets) socket.terminate();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
