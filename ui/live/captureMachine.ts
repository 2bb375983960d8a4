import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type {
  AudioFormat,
  ClientMessage,
  LiveSegment,
  LiveState,
  LiveUpdate,
  RunningLiveSession,
} from '../../api/appChannel/appProtocol.ts';

/** Where the audio comes from: the microphone, or a tab / the system through screen sharing. */
export type SourceKind = 'microphone' | 'display';

/** What a reload needs to pick a recording up again (kept in the tab's sessionStorage). */
export interface RememberedRecording {
  sessionId: string;
  sourceKind: SourceKind;
  audioFormat: AudioFormat;
}

export interface StartRequest {
  provider: string;
  title?: string;
  languageHints?: string[];
  audioFormat: AudioFormat;
  sourceKind: SourceKind;
  /** An interrupted session to continue instead of starting a new one. */
  resumeSessionId?: string;
}

export interface CaptureInput {
  source: unknown;
  audioFormat: AudioFormat;
}

export type CaptureEvent =
  | { type: 'START'; request: StartRequest }
  | { type: 'RESUME'; recording: RememberedRecording }
  | { type: 'PICK_SOURCE' }
  | { type: 'STOP' }
  | { type: 'RESET' }
  /** The live sessions the service records now, from whichever client (`live.running`). */
  | { type: 'SERVICE.RUNNING'; sessions: RunningLiveSession[] }
  | { type: 'SERVICE.STARTED'; sessionId: string; audioFormat: AudioFormat }
  | { type: 'SERVICE.REFUSED'; message: string }
  | { type: 'SERVICE.UPDATE'; update: LiveUpdate }
  | { type: 'SERVICE.ENDED'; sessionId: string; state: string; error: string | null }
  | { type: 'CONNECTION.OPENED' }
  | { type: 'CONNECTION.LOST' }
  | { type: 'CAPTURE.SLOW'; slow: boolean }
  | { type: 'CAPTURE.FAILED'; message: string }
  | { type: 'CAPTURE.SOURCE_ENDED' };

export interface CaptureContext {
  request: StartRequest | undefined;
  sourceKind: SourceKind;
  audioFormat: AudioFormat;
  /** The acquired MediaStream (opaque here, so the machine runs without a browser). */
  source: unknown;
  sessionId: string | undefined;
  /** Segments committed by `live.update`s this page saw (the replica has them too while recording). */
  committed: LiveSegment[];
  tentative: string;
  translation: { finalText: string; tentativeText: string } | undefined;
  audioMs: number;
  /** How a windowed provider keeps up, and what is left to transcribe after Stop (see LiveUpdate). */
  pace: LiveUpdate['pace'];
  /** The session's own state in the service, from its last update. */
  serviceState: LiveState | undefined;
  /** While the service reopens the provider stream: which reconnect this is. */
  reconnectAttempt: number | undefined;
  /** The service's reason while it reconnects to the provider, or why a recording ended badly. */
  serviceError: string | null;
  /** Why the session's audio stopped being saved (the transcript goes on); told once, kept shown. */
  audioProblem: string | undefined;
  /** The last thing that went wrong for the user to read (refusal, no microphone…). */
  problem: string | undefined;
  slow: boolean;
  /** How the recording ended: completed or interrupted. */
  endedState: string | undefined;
  /** A recording this page could not pick up again because it had already ended. */
  endedElsewhereSessionId: string | undefined;
  /** Every live session the service records now, this page's own included. */
  running: RunningLiveSession[];
}

const initialContext: CaptureContext = {
  request: undefined,
  sourceKind: 'microphone',
  audioFormat: 'pcm16',
  source: undefined,
  sessionId: undefined,
  committed: [],
  tentative: '',
  translation: undefined,
  audioMs: 0,
  pace: undefined,
  serviceState: undefined,
  reconnectAttempt: undefined,
  serviceError: null,
  audioProblem: undefined,
  problem: undefined,
  slow: false,
  endedState: undefined,
  endedElsewhereSessionId: undefined,
  running: [],
};

/** A new recording's context: nothing of the last one, but what the service runs still holds. */
function freshContext(context: CaptureContext): CaptureContext {
  return { ...initialContext, running: context.running };
}

/** A recording the service runs that this page does not capture: follow it. */
const watchAnother = [
  {
    guard: 'anotherRecordingRuns',
    target: '#liveCapture.watching',
    actions: ['watchAnotherRecording', 'rememberRunning'],
  },
  { actions: 'rememberRunning' },
] as const;

/**
 * One live recording as the page sees it: choose a source, ask the service to start (or re-attach
 * after a reload), stream audio while the service records, stop and wait for the end. A recording
 * another tab captures is followed instead (`watching`): its state and words show here, and Stop
 * asks the service to stop it. Effects are named here and provided by the page
 * (`captureMachine.provide`), so the flow is tested in Node: `acquireSource` (getUserMedia /
 * getDisplayMedia), `capture` (the audio graph sending frames), `stopRecording` (the service's
 * stop route), `send` (a message to the service), `remember`/`forget` (sessionStorage),
 * `releaseSource`.
 */
export const captureMachine = setup({
  types: {
    context: {} as CaptureContext,
    events: {} as CaptureEvent,
  },
  actions: {
    send: (_, _message: ClientMessage) => {},
    remember: (_, _recording: RememberedRecording) => {},
    forget: () => {},
    /** Stops the tracks of `context.source`. */
    releaseSource: () => {},
    applyUpdate: assign(({ context, event }) => {
      if (event.type !== 'SERVICE.UPDATE' || event.update.sessionId !== context.sessionId) return {};
      const { update } = event;
      return {
        committed:
          update.committed.length === 0 ? context.committed : [...context.committed, ...update.committed],
        tentative: update.tentative,
        translation: update.translation ?? context.translation,
        audioMs: update.audioMs,
        pace: update.pace ?? context.pace,
        serviceState: update.state,
        reconnectAttempt: update.reconnectAttempt,
        serviceError: update.error,
        audioProblem: update.audioProblem ?? context.audioProblem,
      };
    }),
    takeRequest: assign(({ context, event }) =>
      event.type === 'START'
        ? {
            ...freshContext(context),
            request: event.request,
            sourceKind: event.request.sourceKind,
            audioFormat: event.request.audioFormat,
          }
        : {},
    ),
    recordEnd: assign(({ event }) =>
      event.type === 'SERVICE.ENDED' ? { endedState: event.state, serviceError: event.error } : {},
    ),
    watchAnotherRecording: assign(({ context, event }) => ({
      ...freshContext(context),
      sessionId: event.type === 'SERVICE.RUNNING' ? otherRecording(context, event.sessions) : undefined,
    })),
    rememberRunning: assign(({ event }) =>
      event.type === 'SERVICE.RUNNING' ? { running: event.sessions } : {},
    ),
  },
  actors: {
    acquireSource: fromPromise<unknown, { sourceKind: SourceKind }>(() => {
      throw new Error('acquireSource is provided by the page');
    }),
    capture: fromCallback<CaptureEvent, CaptureInput>(() => {
      throw new Error('capture is provided by the page');
    }),
    stopRecording: fromPromise<unknown, { sessionId: string }>(() => {
      throw new Error('stopRecording is provided by the page');
    }),
  },
  guards: {
    resumingSession: ({ context }) => context.sessionId !== undefined,
    needsUserToPickSource: ({ context }) => context.sourceKind === 'display',
    providerReconnecting: ({ event }) =>
      event.type === 'SERVICE.UPDATE' && event.update.state === 'reconnecting',
    providerStreaming: ({ event }) => event.type === 'SERVICE.UPDATE' && event.update.state === 'streaming',
    stoppedElsewhere: ({ event }) => event.type === 'SERVICE.UPDATE' && event.update.state === 'stopping',
    anotherRecordingRuns: ({ context, event }) =>
      event.type === 'SERVICE.RUNNING' && otherRecording(context, event.sessions) !== undefined,
  },
}).createMachine({
  id: 'liveCapture',
  context: initialContext,
  initial: 'idle',
  on: { 'SERVICE.RUNNING': { actions: 'rememberRunning' } },
  states: {
    idle: {
      on: {
        START: { target: '#liveCapture.choosingSource', actions: 'takeRequest' },
        RESUME: {
          target: 'attaching',
          actions: assign(({ context, event }) => ({
            ...freshContext(context),
            sessionId: event.recording.sessionId,
            sourceKind: event.recording.sourceKind,
            audioFormat: event.recording.audioFormat,
          })),
        },
        'SERVICE.RUNNING': watchAnother,
      },
    },
    watching: {
      entry: {
        type: 'send',
        params: ({ context }) => ({ type: 'live.watch' as const, sessionId: context.sessionId ?? '' }),
      },
      initial: 'following',
      on: {
        'SERVICE.UPDATE': { actions: 'applyUpdate' },
        'SERVICE.ENDED': { target: 'finished', actions: 'recordEnd' },
        // It ended between the service saying it runs and this page asking to follow it.
        'SERVICE.REFUSED': { target: 'idle', actions: assign(({ context }) => freshContext(context)) },
        'CONNECTION.OPENED': { target: 'watching', reenter: true },
      },
      states: {
        following: {
          on: { STOP: { target: 'stopping', actions: assign({ problem: undefined }) } },
        },
        stopping: {
          invoke: {
            src: 'stopRecording',
            input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
            onError: {
              target: 'following',
              actions: assign({ problem: ({ event }) => messageOf(event.error) }),
            },
          },
        },
      },
    },
    choosingSource: {
      invoke: {
        src: 'acquireSource',
        input: ({ context }) => ({ sourceKind: context.sourceKind }),
        onDone: [
          {
            guard: 'resumingSession',
            target: 'capturing',
            actions: assign({ source: ({ event }) => event.output }),
          },
          { target: 'starting', actions: assign({ source: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: 'resumingSession',
            target: 'needsSource',
            actions: assign({ problem: ({ event }) => messageOf(event.error) }),
          },
          { target: 'failed', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    starting: {
      entry: {
        type: 'send',
        params: ({ context }) => ({
          type: 'live.start' as const,
          provider: context.request?.provider ?? '',
          title: context.request?.title,
          languageHints: context.request?.languageHints,
          audioFormat: context.audioFormat,
          resumeSessionId: context.request?.resumeSessionId,
        }),
      },
      on: {
        'SERVICE.STARTED': {
          target: 'capturing',
          actions: [
            assign(({ event }) => ({ sessionId: event.sessionId, audioFormat: event.audioFormat })),
            {
              type: 'remember',
              params: ({ context, event }) => ({
                sessionId: event.sessionId,
                sourceKind: context.sourceKind,
                audioFormat: event.audioFormat,
              }),
            },
          ],
        },
        'SERVICE.REFUSED': {
          target: 'failed',
          actions: ['releaseSource', assign({ problem: ({ event }) => event.message, source: undefined })],
        },
        'CONNECTION.LOST': {
          target: 'failed',
          actions: [
            'releaseSource',
            assign({
              source: undefined,
              problem: 'The connection to the service dropped before the recording started; start again.',
            }),
          ],
        },
      },
    },
    attaching: {
      entry: {
        type: 'send',
        params: ({ context }) => ({ type: 'live.attach' as const, sessionId: context.sessionId ?? '' }),
      },
      on: {
        'CONNECTION.OPENED': { target: 'attaching', reenter: true },
        'SERVICE.UPDATE': [
          { guard: 'needsUserToPickSource', target: 'needsSource', actions: 'applyUpdate' },
          { target: 'choosingSource', actions: 'applyUpdate' },
        ],
        'SERVICE.REFUSED': {
          target: 'idle',
          actions: [
            'forget',
            assign(({ context }) => ({
              ...freshContext(context),
              endedElsewhereSessionId: context.sessionId,
            })),
          ],
        },
      },
    },
    needsSource: {
      on: {
        PICK_SOURCE: { target: 'choosingSource', actions: assign({ problem: undefined }) },
        STOP: 'stopping',
        'SERVICE.UPDATE': { actions: 'applyUpdate' },
        'SERVICE.ENDED': { target: 'finished', actions: 'recordEnd' },
        'CONNECTION.OPENED': { target: 'attaching' },
      },
    },
    capturing: {
      invoke: {
        src: 'capture',
        input: ({ context }) => ({ source: context.source, audioFormat: context.audioFormat }),
      },
      initial: 'recording',
      on: {
        'SERVICE.UPDATE': [
          // Another tab or the session page stopped it through the service.
          { guard: 'stoppedElsewhere', target: 'stopping', actions: 'applyUpdate' },
          { actions: 'applyUpdate' },
        ],
        'SERVICE.ENDED': { target: 'finished', actions: 'recordEnd' },
        // The service ended the recording while the page was away (its grace period ran out).
        'SERVICE.REFUSED': {
          target: 'finished',
          actions: assign(({ event }) => ({ endedState: 'interrupted', serviceError: event.message })),
        },
        STOP: 'stopping',
        'CAPTURE.SOURCE_ENDED': 'stopping',
        'CAPTURE.FAILED': { target: 'stopping', actions: assign({ problem: ({ event }) => event.message }) },
        'CAPTURE.SLOW': { actions: assign({ slow: ({ event }) => event.slow }) },
        'CONNECTION.OPENED': {
          target: '.reconnecting',
          actions: {
            type: 'send',
            params: ({ context }) => ({ type: 'live.attach' as const, sessionId: context.sessionId ?? '' }),
          },
        },
      },
      states: {
        recording: {
          on: {
            'SERVICE.UPDATE': {
              guard: 'providerReconnecting',
              target: 'reconnecting',
              actions: 'applyUpdate',
            },
            'CONNECTION.LOST': 'reconnecting',
          },
        },
        reconnecting: {
          on: {
            'SERVICE.UPDATE': [
              { guard: 'providerStreaming', target: 'recording', actions: 'applyUpdate' },
              { actions: 'applyUpdate' },
            ],
          },
        },
      },
      exit: 'releaseSource',
    },
    stopping: {
      entry: [{ type: 'send', params: { type: 'live.stop' as const } }, assign({ slow: false })],
      on: {
        'SERVICE.UPDATE': { actions: 'applyUpdate' },
        'SERVICE.ENDED': { target: 'finished', actions: 'recordEnd' },
        'SERVICE.REFUSED': {
          target: 'finished',
          actions: assign(({ event }) => ({ endedState: 'interrupted', serviceError: event.message })),
        },
        // After a drop the stop may have been lost: ask again once the connection is back.
        'CONNECTION.OPENED': {
          actions: [
            {
              type: 'send',
              params: ({ context }) => ({ type: 'live.attach' as const, sessionId: context.sessionId ?? '' }),
            },
            { type: 'send', params: { type: 'live.stop' as const } },
          ],
        },
      },
    },
    finished: {
      entry: ['forget', assign({ source: undefined, tentative: '', slow: false })],
      on: {
        RESET: { target: 'idle', actions: assign(({ context }) => freshContext(context)) },
        START: { target: '#liveCapture.choosingSource', actions: 'takeRequest' },
        'SERVICE.RUNNING': watchAnother,
      },
    },
    failed: {
      on: {
        RESET: { target: 'idle', actions: assign(({ context }) => freshContext(context)) },
        START: { target: '#liveCapture.choosingSource', actions: 'takeRequest' },
        'SERVICE.RUNNING': watchAnother,
      },
    },
  },
});

/** A recording the service runs that is not the one this page just had. */
function otherRecording(context: CaptureContext, sessions: RunningLiveSession[]): string | undefined {
  return sessions.find((session) => session.sessionId !== context.sessionId)?.sessionId;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
