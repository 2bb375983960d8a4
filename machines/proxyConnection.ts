import { assign, setup } from 'xstate';

/**
 * One client connection to the local provider proxy (`/ws/<provider>`) and the vendor connection
 * it holds for it. Pure: the proxy provides the effects (openUpstream, forwardBufferedAudio,
 * endUpstream, abortUpstream, closeClient) and reports what happened.
 *
 * Audio that arrives before the vendor accepts the session is buffered, not dropped; an end of
 * stream the client asks for early is remembered and honoured once the vendor is ready.
 */

export type ProxyConnectionEvent =
  /** The vendor accepted the session: audio can flow. */
  | { type: 'UPSTREAM_READY' }
  /** The vendor sent its terminal event after the end of the stream (or ended on its own). */
  | { type: 'UPSTREAM_FINISHED' }
  /** The vendor connection failed; `closeCode` is what the client is told. */
  | { type: 'UPSTREAM_FAILED'; closeCode: number; message: string }
  /** The client sent its end of stream. */
  | { type: 'CLIENT_END' }
  /** The client went away. */
  | { type: 'CLIENT_GONE' }
  /** The client sent something the proxy protocol does not have. */
  | { type: 'CLIENT_INVALID'; message: string };

export interface ProxyConnectionContext {
  endRequested: boolean;
  /** How the client connection is closed at the end: 1000, or the failure's 4xxx code. */
  closeCode: number;
  closeReason: string;
}

export const proxyConnectionMachine = setup({
  types: {
    context: {} as ProxyConnectionContext,
    events: {} as ProxyConnectionEvent,
  },
  // Placeholders: the proxy provides the real effects.
  actions: {
    openUpstream: () => {},
    forwardBufferedAudio: () => {},
    endUpstream: () => {},
    abortUpstream: () => {},
    closeClient: () => {},
    rememberEnd: assign({ endRequested: true }),
    recordFailure: assign(({ event }) =>
      event.type === 'UPSTREAM_FAILED' ? { closeCode: event.closeCode, closeReason: event.message } : {},
    ),
    // 4408 is the proxy's close code for a timeout (4000 + HTTP 408), as for every other timeout.
    // 4400 (HTTP 400): the client broke the protocol.
    recordClientError: assign(({ event }) =>
      event.type === 'CLIENT_INVALID' ? { closeCode: 4400, closeReason: event.message } : {},
    ),
    recordConnectTimeout: assign({
      closeCode: 4408,
      closeReason: 'The provider did not accept the session in time.',
    }),
  },
  guards: {
    endRequested: ({ context }) => context.endRequested,
  },
  delays: {
    /** A vendor that has not accepted the session by then is treated as unreachable. */
    upstreamConnectTimeout: 15_000,
  },
}).createMachine({
  id: 'proxyConnection',
  initial: 'connectingUpstream',
  context: { endRequested: false, closeCode: 1000, closeReason: '' },
  states: {
    connectingUpstream: {
      entry: 'openUpstream',
      on: {
        UPSTREAM_READY: [
          { guard: 'endRequested', target: 'draining', actions: 'forwardBufferedAudio' },
          { target: 'open', actions: 'forwardBufferedAudio' },
        ],
        CLIENT_END: { actions: 'rememberEnd' },
        UPSTREAM_FAILED: { target: 'failed', actions: 'recordFailure' },
        CLIENT_GONE: { target: 'closed', actions: 'abortUpstream' },
        CLIENT_INVALID: { target: 'failed', actions: ['recordClientError', 'abortUpstream'] },
      },
      after: {
        upstreamConnectTimeout: { target: 'failed', actions: ['recordConnectTimeout', 'abortUpstream'] },
      },
    },
    open: {
      on: {
        CLIENT_END: 'draining',
        UPSTREAM_FINISHED: 'closed',
        UPSTREAM_FAILED: { target: 'failed', actions: 'recordFailure' },
        CLIENT_GONE: { target: 'closed', actions: 'abortUpstream' },
        CLIENT_INVALID: { target: 'failed', actions: ['recordClientError', 'abortUpstream'] },
      },
    },
    draining: {
      entry: 'endUpstream',
      on: {
        UPSTREAM_FINISHED: 'closed',
        UPSTREAM_FAILED: { target: 'failed', actions: 'recordFailure' },
        CLIENT_GONE: { target: 'closed', actions: 'abortUpstream' },
      },
    },
    closed: { type: 'final', entry: 'closeClient' },
    failed: { type: 'final', entry: 'closeClient' },
  },
});
