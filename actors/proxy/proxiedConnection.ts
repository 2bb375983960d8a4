import { createActor, type InspectionEvent } from 'xstate';
import { WebSocket } from 'ws';
import { proxyConnectionMachine } from '../../machines/proxyConnection.ts';
import type { LiveEvent, LiveStream, ProviderDefinition } from '../../providers/contract.ts';
import { liveErrorCodes } from '../../providers/live/liveErrors.ts';

export interface ProxiedConnectionOptions {
  client: WebSocket;
  definition: ProviderDefinition<unknown>;
  /** Validated config with the credentials the client never sees. */
  config: unknown;
  languageHints: readonly string[];
  /** The session's custom vocabulary. */
  vocabulary?: readonly string[];
  /** How long the vendor gets to confirm the end of the stream. */
  drainTimeoutMs: number;
  /** Shortens the machine's delays in tests. */
  upstreamConnectTimeoutMs?: number;
  onClosed(): void;
  /** Observes the actor's machine (the visualizer); the actor works the same without it. */
  inspect?: (event: InspectionEvent) => void;
}

/** Audio waiting (here and in the vendor socket) beyond this pauses reading from the client. */
const pauseAboveBytes = 1024 * 1024;
const resumeBelowBytes = 256 * 1024;
const drainPollMs = 10;

/**
 * Runs one proxied connection: the client speaks the proxy's normalised protocol (binary audio
 * frames, `{"type":"end"}`; it receives LiveEvent JSON and a close code), the vendor its own,
 * through the provider's live client. The machine decides; this wires its effects.
 */
export function runProxiedConnection(options: ProxiedConnectionOptions): void {
  const { client, definition } = options;
  const live = definition.live;
  if (live === undefined) throw new Error(`${definition.metadata.id} has no live client`);
  const waiting: Uint8Array[] = [];
  let waitingBytes = 0;
  let stream: LiveStream | undefined;
  let paused = false;

  const sendEvent = (event: LiveEvent) => {
    if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(event));
  };
  const pendingBytes = () => waitingBytes + (stream?.bufferedBytes() ?? 0);
  const applyBackpressure = () => {
    if (paused || pendingBytes() <= pauseAboveBytes) return;
    paused = true;
    client.pause();
    const poll = setInterval(() => {
      if (pendingBytes() >= resumeBelowBytes && client.readyState === WebSocket.OPEN) return;
      clearInterval(poll);
      paused = false;
      client.resume();
    }, drainPollMs);
  };

  const machine = proxyConnectionMachine.provide({
    actions: {
      openUpstream: () => {
        stream = live.open({
          config: options.config,
          languageHints: options.languageHints,
          vocabulary: options.vocabulary,
          audioFormat: definition.metadata.audioInput,
          onEvent: (event) => {
            sendEvent(event);
            if (event.type === 'ready') actor.send({ type: 'UPSTREAM_READY' });
            if (event.type === 'finished') actor.send({ type: 'UPSTREAM_FINISHED' });
            if (event.type === 'error') {
              actor.send({
                type: 'UPSTREAM_FAILED',
                closeCode: liveErrorCodes[event.code].closeCode,
                message: event.message,
              });
            }
          },
        });
      },
      forwardBufferedAudio: () => {
        for (const frame of waiting.splice(0)) stream?.sendAudio(frame);
        waitingBytes = 0;
      },
      endUpstream: () => void stream?.finish(options.drainTimeoutMs),
      abortUpstream: () => stream?.close(),
      closeClient: ({ context }) => {
        if (client.readyState === WebSocket.OPEN)
          client.close(context.closeCode, closeReason(context.closeReason));
        options.onClosed();
      },
    },
    delays:
      options.upstreamConnectTimeoutMs === undefined
        ? {}
        : { upstreamConnectTimeout: options.upstreamConnectTimeoutMs },
  });
  const actor = createActor(machine, { inspect: options.inspect });

  client.on('message', (data: Buffer, isBinary: boolean) => {
    const state = actor.getSnapshot().value;
    if (isBinary) {
      if (state === 'open') stream?.sendAudio(data);
      else if (state === 'connectingUpstream') {
        waiting.push(data);
        waitingBytes += data.byteLength;
      }
      applyBackpressure();
      return;
    }
    if (isEndMessage(data)) {
      actor.send({ type: 'CLIENT_END' });
      return;
    }
    const message = 'The proxy takes binary audio frames and {"type":"end"}; nothing else.';
    const invalid = { type: 'CLIENT_INVALID', message } as const;
    // Once the client has ended its stream the machine lets stray text pass: the stream is not
    // failed, so the client is not told it is.
    if (actor.getSnapshot().can(invalid))
      sendEvent({ type: 'error', code: 'bad_request', permanent: true, message });
    actor.send(invalid);
  });
  client.on('close', () => {
    if (actor.getSnapshot().status === 'active') actor.send({ type: 'CLIENT_GONE' });
  });
  actor.start();
}

function isEndMessage(data: Buffer): boolean {
  try {
    const message = JSON.parse(data.toString('utf8')) as { type?: unknown };
    return message.type === 'end';
  } catch {
    return false;
  }
}

/** A WebSocket close reason holds at most 123 bytes; the whole message went out as an event. */
function closeReason(message: string): string {
  const bytes = Buffer.from(message, 'utf8');
  return bytes.length <= 123
    ? message
    : `${bytes
        .subarray(0, 120)
        .toString('utf8')
        .replace(/\uFFFD$/, '')}…`;
}
