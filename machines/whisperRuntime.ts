import { assign, setup } from 'xstate';

/**
 * The lifecycle of the managed whisper-server process (P14). Pure: the supervisor provides the
 * effects (spawnProcess, watchReadiness, terminateProcess, killProcess) and reports what happened
 * with events. The machine decides what follows: readiness within 20 s or give up, restart after a
 * crash with a growing backoff, and stop restarting once it crash-loops.
 */

/** Why the runtime ended up `failed`. */
export type WhisperRuntimeFailure = 'readiness-timeout' | 'exited-before-ready' | 'crash-loop';

export type WhisperRuntimeEvent =
  /** The binary and the model are both in place. */
  | { type: 'PREPARED' }
  /** The binary or the model is missing. */
  | { type: 'UNPREPARED' }
  /** Someone needs the runtime. */
  | { type: 'START' }
  /** `GET /health` answered 200 from our own, still running child. */
  | { type: 'READY' }
  /** Our child exited, or could not be spawned at all. */
  | { type: 'EXITED' }
  /** The last user left, or the application quits. */
  | { type: 'STOP' };

export interface WhisperRuntimeContext {
  /** Crashes since the runtime last ran for a whole `crashWindow`; bounded by `crashLoopLimit`. */
  crashCount: number;
  failure: WhisperRuntimeFailure | null;
}

/** The third crash within a crash window ends the restarts. */
export const crashLoopLimit = 3;

export const whisperRuntimeMachine = setup({
  types: {
    context: {} as WhisperRuntimeContext,
    events: {} as WhisperRuntimeEvent,
  },
  // Placeholders: the supervisor provides the real effects.
  actions: {
    spawnProcess: () => {},
    watchReadiness: () => {},
    terminateProcess: () => {},
    killProcess: () => {},
    beginAfresh: assign({ crashCount: 0, failure: null }),
    countCrash: assign({ crashCount: ({ context }) => context.crashCount + 1 }),
    forgetCrashes: assign({ crashCount: 0 }),
    failReadinessTimeout: assign({ failure: 'readiness-timeout' as const }),
    failExitedBeforeReady: assign({ failure: 'exited-before-ready' as const }),
    failCrashLoop: assign({ failure: 'crash-loop' as const }),
  },
  guards: {
    isCrashLoop: ({ context }) => context.crashCount + 1 >= crashLoopLimit,
    isFirstCrash: ({ context }) => context.crashCount === 0,
    hasFailed: ({ context }) => context.failure !== null,
  },
  // Named so the supervisor's tests can shorten them with `provide`; the spec fixes the 20 s.
  delays: {
    readinessTimeout: 20_000,
    firstRestartBackoff: 1_000,
    laterRestartBackoff: 4_000,
    /** SIGTERM gets this long before SIGKILL. whisper-server exits at once on SIGTERM when healthy. */
    killGrace: 5_000,
    /** Running this long without crashing forgives earlier crashes. */
    crashWindow: 60_000,
  },
}).createMachine({
  id: 'whisperRuntime',
  initial: 'unprepared',
  context: { crashCount: 0, failure: null },
  states: {
    unprepared: {
      on: { PREPARED: 'prepared' },
    },
    prepared: {
      on: {
        START: { target: 'starting', actions: 'beginAfresh' },
        UNPREPARED: 'unprepared',
      },
    },
    starting: {
      entry: ['spawnProcess', 'watchReadiness'],
      on: {
        READY: 'running',
        // Whatever the exit code: whisper-server exits 0 on an unknown flag or language.
        EXITED: { target: 'failed', actions: 'failExitedBeforeReady' },
        STOP: 'stopping',
      },
      after: {
        readinessTimeout: { target: 'stopping', actions: 'failReadinessTimeout' },
      },
    },
    running: {
      on: {
        STOP: 'stopping',
        EXITED: [
          { guard: 'isCrashLoop', target: 'failed', actions: ['countCrash', 'failCrashLoop'] },
          { guard: 'isFirstCrash', target: 'restarting.afterFirstCrash', actions: 'countCrash' },
          { target: 'restarting.afterLaterCrash', actions: 'countCrash' },
        ],
      },
      after: {
        crashWindow: { actions: 'forgetCrashes' },
      },
    },
    // No process exists while waiting to restart, so a stop needs no kill.
    restarting: {
      initial: 'afterFirstCrash',
      on: { STOP: 'stopped' },
      states: {
        afterFirstCrash: { after: { firstRestartBackoff: '#whisperRuntime.starting' } },
        afterLaterCrash: { after: { laterRestartBackoff: '#whisperRuntime.starting' } },
      },
    },
    // Left only when the process has really exited, so nothing outlives a stop.
    stopping: {
      initial: 'terminating',
      entry: 'terminateProcess',
      on: {
        EXITED: [{ guard: 'hasFailed', target: 'failed' }, { target: 'stopped' }],
      },
      states: {
        terminating: { after: { killGrace: 'killing' } },
        killing: { entry: 'killProcess' },
      },
    },
    stopped: {
      on: {
        START: { target: 'starting', actions: 'beginAfresh' },
        UNPREPARED: 'unprepared',
      },
    },
    failed: {
      on: {
        START: { target: 'starting', actions: 'beginAfresh' },
        UNPREPARED: 'unprepared',
      },
    },
  },
});

/** The top-level state names, as shown by status views. */
export type WhisperRuntimeState =
  'unprepared' | 'prepared' | 'starting' | 'running' | 'restarting' | 'stopping' | 'stopped' | 'failed';

export const whisperRuntimeStates: readonly WhisperRuntimeState[] = [
  'unprepared',
  'prepared',
  'starting',
  'running',
  'restarting',
  'stopping',
  'stopped',
  'failed',
];

/** The top-level state of a snapshot value (`{ stopping: 'killing' }` is `stopping`). */
export function topLevelState(value: string | Record<string, unknown>): WhisperRuntimeState {
  const name = typeof value === 'string' ? value : Object.keys(value)[0];
  const found = whisperRuntimeStates.find((state) => state === name);
  if (found === undefined) throw new Error(`whisperRuntime: unknown state ${JSON.stringify(value)}`);
  return found;
}
