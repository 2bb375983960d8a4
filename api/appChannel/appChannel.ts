import { z } from 'zod';
import { WebSocket } from 'ws';
import type { LiveSession } from '../../actors/live/liveSession.ts';
import type { AudioInputMode } from '../../providers/contract.ts';
import { LiveRequestError, type LiveSessions } from '../../actors/live/liveSessions.ts';
import type { WebSocketEndpoint } from '../websocketRouter.ts';
import type { AppMessage, ClientMessage } from './appProtocol.ts';
import type { StoreSync } from './storeSync.ts';
import type { ActorInspection } from '../../actors/inspection/actorInspection.ts';
import { machineDrawings, machinePaths } from '../../machines/analysis/machineViews.ts';

export const appChannelPath = '/ws/app';

/** What an app client (the UI, `earshot live`) may send as text; binary frames are audio. */
const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('live.start'),
    provider: z.string().min(1),
    title: z.string().optional(),
    languageHints: z.array(z.string()).optional(),
    audioFormat: z.enum(['pcm16', 'webm-opus']).optional(),
    resumeSessionId: z.string().min(1).optional(),
  }),
  z.object({ type: z.literal('live.stop') }),
  z.object({ type: z.literal('live.attach'), sessionId: z.string().min(1) }),
  z.object({ type: z.literal('live.watch'), sessionId: z.string().min(1) }),
  z.object({ type: z.literal('sync.start') }),
  z.object({ type: z.literal('inspect.start') }),
  z.object({ type: z.literal('inspect.stop') }),
  z.object({ type: z.literal('inspect.history'), actorId: z.string().min(1) }),
  z.object({ type: z.literal('inspect.paths'), machine: z.string().min(1) }),
]) satisfies z.ZodType<ClientMessage>;

/** A session whose client went away keeps running this long for the client to come back. */
export const detachedGraceMs = 30_000;
const pcm16BytesPerMs = 32;

/**
 * `/ws/app`: the channel of the service's own clients (types in appProtocol.ts). It carries live
 * sessions (start, audio frames, stop, and every update back); for clients that ask with
 * `sync.start`, their replica of the store's working set; and for those that ask with
 * `inspect.start`, every machine and the steps of every actor (the visualizer). Closing the
 * connection does not stop a recording: the session waits `detachedGraceMs` for the client to
 * attach again, then stops the way the user would, keeping its words. A client that only watches
 * a session (`live.watch`, another tab) follows it without holding it: its audio, its stop and its
 * grace stay with the client that captures.
 */
export class AppChannel implements WebSocketEndpoint {
  private readonly live: LiveSessions;
  private readonly sync: StoreSync;
  private readonly inspection: ActorInspection;
  private readonly graceMs: number;
  private readonly clients = new Set<WebSocket>();

  constructor(live: LiveSessions, sync: StoreSync, inspection: ActorInspection, graceMs = detachedGraceMs) {
    this.live = live;
    this.sync = sync;
    this.inspection = inspection;
    this.graceMs = graceMs;
  }

  get clientCount(): number {
    return this.clients.size;
  }

  connected(client: WebSocket): void {
    this.clients.add(client);
    /** The session this client captures: its audio frames, `live.stop` and the grace on close. */
    let session: LiveSession | undefined;
    let unsubscribe: (() => void) | undefined;
    let stopSync: (() => void) | undefined;
    let stopTellingRunning: (() => void) | undefined;
    let stopInspecting: (() => void) | undefined;
    let audioFormat: AudioInputMode = 'pcm16';
    let lastFrameAt: number | undefined;
    const send = (message: AppMessage) => {
      if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(message));
    };
    const follow = (followed: LiveSession) => {
      unsubscribe?.();
      unsubscribe = followed.subscribe((update) => send({ type: 'live.update', ...update }));
      void followed.ended.then((update) =>
        send({ type: 'live.ended', sessionId: update.sessionId, state: update.state, error: update.error }),
      );
    };

    client.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        if (session === undefined) return;
        const now = performance.now();
        // WebM pieces carry no length we can read cheaply; the time between them is the capture's own.
        const durationMs =
          audioFormat === 'pcm16'
            ? data.byteLength / pcm16BytesPerMs
            : Math.min(now - (lastFrameAt ?? now), 1000);
        lastFrameAt = now;
        session.sendAudio(data, durationMs);
        return;
      }
      const message = parseClientMessage(data);
      if (typeof message === 'string') {
        send({ type: 'live.refused', message });
        return;
      }
      if (message.type === 'live.start') {
        if (
          session !== undefined &&
          session.current().state !== 'completed' &&
          session.current().state !== 'interrupted'
        ) {
          send({ type: 'live.refused', message: 'This connection is already recording; stop it first.' });
          return;
        }
        try {
          const started = this.live.start(message);
          audioFormat = message.audioFormat ?? started.audioFormat;
          send({ type: 'live.started', sessionId: started.id, providerId: started.providerId, audioFormat });
          session = started;
          follow(started);
        } catch (error) {
          // A request error is the user's to fix; anything else (a store that cannot write) is reported the same way
          // rather than taking the service down.
          const reason = error instanceof Error ? error.message : String(error);
          send({
            type: 'live.refused',
            message: error instanceof LiveRequestError ? reason : `The session could not start: ${reason}`,
          });
        }
      } else if (message.type === 'live.stop') {
        void session?.stop();
      } else if (message.type === 'sync.start') {
        stopSync ??= this.sync.subscribe(send);
        if (stopTellingRunning === undefined) {
          send({ type: 'live.running', sessions: this.live.running() });
          stopTellingRunning = this.live.watchRunning((sessions) => send({ type: 'live.running', sessions }));
        }
      } else if (message.type === 'live.watch') {
        const watched = this.live.get(message.sessionId);
        if (watched === undefined) {
          send({ type: 'live.refused', message: `No live session ${message.sessionId} is running.` });
        } else {
          follow(watched);
          send({ type: 'live.update', ...watched.current(), committed: [] });
        }
      } else if (message.type === 'inspect.start') {
        if (stopInspecting !== undefined) return;
        // Claimed before the drawings are ready, so a second start in the meantime is still one watch.
        let stopped = false;
        stopInspecting = () => (stopped = true);
        void machineDrawings().then(
          (machines) => {
            if (stopped || client.readyState !== WebSocket.OPEN) return;
            send({ type: 'inspect.snapshot', machines, actors: this.inspection.actors() });
            stopInspecting = this.inspection.watch((change) =>
              send(
                change.type === 'actor'
                  ? { type: 'inspect.actor', actor: change.actor }
                  : { type: 'inspect.step', actorId: change.actorId, step: change.step },
              ),
            );
          },
          (error: unknown) => {
            stopInspecting = undefined;
            const reason = error instanceof Error ? error.message : String(error);
            send({
              type: 'inspect.refused',
              message: `The machines could not be drawn (${reason}); try again.`,
            });
          },
        );
      } else if (message.type === 'inspect.stop') {
        stopInspecting?.();
        stopInspecting = undefined;
      } else if (message.type === 'inspect.history') {
        const history = this.inspection.history(message.actorId);
        send(
          history === undefined
            ? {
                type: 'inspect.refused',
                message: `No actor ${message.actorId} is running or kept; pick one from inspect.snapshot.`,
              }
            : { type: 'inspect.history', actorId: message.actorId, ...history },
        );
      } else if (message.type === 'inspect.paths') {
        const paths = machinePaths(message.machine);
        send(
          paths === undefined
            ? {
                type: 'inspect.refused',
                message: `There is no machine ${message.machine}; earshot inspect machines lists them.`,
              }
            : { type: 'inspect.paths', paths },
        );
      } else {
        const attached = this.live.get(message.sessionId);
        if (attached === undefined)
          send({ type: 'live.refused', message: `No live session ${message.sessionId} is running.` });
        else {
          this.live.cancelDetachedStop(attached.id);
          audioFormat = attached.audioFormat;
          session = attached;
          follow(attached);
          // A client that comes back sees where the session is at once, not at its next change.
          send({ type: 'live.update', ...attached.current(), committed: [] });
        }
      }
    });
    client.on('close', () => {
      this.clients.delete(client);
      unsubscribe?.();
      stopSync?.();
      stopTellingRunning?.();
      stopInspecting?.();
      if (session !== undefined) this.live.stopWhenDetached(session.id, this.graceMs);
    });
  }

  close(): void {
    for (const client of this.clients) client.terminate();
  }
}

function parseClientMessage(data: Buffer): ClientMessage | string {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    return 'Messages are JSON text or binary audio frames.';
  }
  const parsed = clientMessageSchema.safeParse(json);
  return parsed.success
    ? parsed.data
    : `Unknown message; send live.start {provider}, live.stop, live.attach {sessionId}, live.watch {sessionId}, sync.start, inspect.start, inspect.stop, inspect.history {actorId} or inspect.paths {machine}. (${parsed.error.issues[0]?.message ?? ''})`;
}
