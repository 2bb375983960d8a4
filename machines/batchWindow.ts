import { assign, setup } from 'xstate';

/**
 * When a windowed-batch provider (P09–P14) retranscribes the rolling audio window during live
 * capture. Pure: the window actor provides the effects (startPass, startFinalPass) and reports
 * audio and pass outcomes.
 *
 * - Interval mode (P09, P10, P11, P14): a pass every 1.5 s, counted from the start of the previous
 *   pass, whenever new audio has come since it.
 * - Debounce mode (P12, P13): a pass 1200 ms after the last audio, or once 3 s of audio have come
 *   without such a pause, so steady speech is still retranscribed.
 *
 * Never more than one pass is in flight: a slow provider makes the next pass wait, not pile up;
 * the next pass then covers all the audio that came meanwhile. The final pass transcribes all
 * that is left, in as many requests as the window cap needs, with no time limit: a session's end
 * is never abandoned because the provider is slow.
 * A transient failure (429, 5xx, timeout) waits for the next pass; a permanent one ends the window.
 * When the last pass fails transiently the window ends `unfinished`, so the audio it held is
 * tried again rather than dropped.
 *
 * The window opens only once the provider's address answers, and a failed pass whose address no
 * longer answers ends it too: either way it ends `unreachable` at once, so the live session says so
 * instead of listening on while every pass fails unseen.
 */

export type BatchWindowMode = 'interval' | 'debounce';

export type BatchWindowEvent =
  /** The window opens in the provider's mode. */
  | { type: 'OPEN'; mode: BatchWindowMode }
  /** Captured audio was added to the window. */
  | { type: 'AUDIO'; durationMs: number }
  /** A pass answered; `durationMs` is how long it took. */
  | { type: 'PASS_DONE'; durationMs: number }
  | { type: 'PASS_FAILED'; permanent: boolean; message: string }
  /** Nothing answers at the provider's address: before the window opens, or after a failed pass. */
  | { type: 'ENDPOINT_UNREACHABLE'; message: string }
  /** The audio is over: one last pass over what is left, then done. */
  | { type: 'STOP' };

export interface BatchWindowContext {
  mode: BatchWindowMode;
  /** Audio came since the last pass started. */
  hasNewAudio: boolean;
  /** Debounce mode: audio that came without a pause since the last pass, in ms. */
  unpausedAudioMs: number;
  lastPassMs: number;
  stopRequested: boolean;
  error: string | null;
}

export const passIntervalMs = 1_500;
export const debounceMs = 1_200;
/**
 * Steady speech never pauses for the debounce: it gets a pass per this much audio. Measured with
 * bench:stabilizer --real on a CPU recogniser (4 min of speech): 3 s rather than 4 s brings the
 * p50 lag from 8.9 s to 7.8 s at a cost of 3.1× instead of 2.7× (the providers using it are local
 * servers, so the cost is their CPU, not a bill).
 */
export const debounceMaxWaitMs = 3_000;

export const batchWindowMachine = setup({
  types: {
    context: {} as BatchWindowContext,
    events: {} as BatchWindowEvent,
  },
  // Placeholders: the window actor provides the real effects.
  actions: {
    startPass: () => {},
    startFinalPass: () => {},
    chooseMode: assign(({ event }) => (event.type === 'OPEN' ? { mode: event.mode } : {})),
    noteAudio: assign(({ context, event }) => ({
      hasNewAudio: true,
      unpausedAudioMs: context.unpausedAudioMs + (event.type === 'AUDIO' ? event.durationMs : 0),
    })),
    forgetNewAudio: assign({ hasNewAudio: false, unpausedAudioMs: 0 }),
    rememberStop: assign({ stopRequested: true }),
    recordPassDuration: assign(({ event }) =>
      event.type === 'PASS_DONE' ? { lastPassMs: event.durationMs } : {},
    ),
    recordError: assign(({ event }) =>
      event.type === 'PASS_FAILED' || event.type === 'ENDPOINT_UNREACHABLE' ? { error: event.message } : {},
    ),
  },
  guards: {
    isDebounce: ({ context }) => context.mode === 'debounce',
    intervalWithAudio: ({ context }) => context.mode === 'interval' && context.hasNewAudio,
    debounceWithAudio: ({ context }) => context.mode === 'debounce' && context.hasNewAudio,
    // Counted in audio rather than by a timer racing the debounce one: continuous speech reaches it, a pause never.
    waitedLongEnough: ({ context, event }) =>
      event.type === 'AUDIO' && context.unpausedAudioMs + event.durationMs >= debounceMaxWaitMs,
    isPermanent: ({ event }) => event.type === 'PASS_FAILED' && event.permanent,
    stopRequested: ({ context }) => context.stopRequested,
  },
  delays: {
    // Counted from the start of the previous pass: the time it took is already spent.
    untilNextPass: ({ context }) => Math.max(0, passIntervalMs - context.lastPassMs),
    debounce: debounceMs,
  },
}).createMachine({
  id: 'batchWindow',
  initial: 'closed',
  context: {
    mode: 'interval',
    hasNewAudio: false,
    unpausedAudioMs: 0,
    lastPassMs: 0,
    stopRequested: false,
    error: null,
  },
  states: {
    closed: {
      on: {
        OPEN: { target: 'listening', actions: 'chooseMode' },
        ENDPOINT_UNREACHABLE: { target: 'unreachable', actions: 'recordError' },
      },
    },
    listening: {
      always: { guard: 'debounceWithAudio', target: 'settling' },
      on: {
        AUDIO: [{ guard: 'isDebounce', target: 'settling', actions: 'noteAudio' }, { actions: 'noteAudio' }],
        STOP: 'finalPass',
      },
      after: {
        untilNextPass: [
          { guard: 'intervalWithAudio', target: 'transcribing' },
          { target: 'listening', reenter: true, actions: assign({ lastPassMs: 0 }) },
        ],
      },
    },
    settling: {
      on: {
        STOP: 'finalPass',
        AUDIO: [
          { guard: 'waitedLongEnough', target: 'transcribing', actions: 'noteAudio' },
          { target: 'settling', reenter: true, actions: 'noteAudio' },
        ],
      },
      after: { debounce: 'transcribing' },
    },
    transcribing: {
      id: 'transcribing',
      entry: ['forgetNewAudio', 'startPass'],
      on: {
        AUDIO: { actions: 'noteAudio' },
        STOP: { actions: 'rememberStop' },
        PASS_DONE: [
          { guard: 'stopRequested', target: 'finalPass' },
          { target: 'listening', actions: 'recordPassDuration' },
        ],
        PASS_FAILED: [
          { guard: 'isPermanent', target: 'failed', actions: 'recordError' },
          { guard: 'stopRequested', target: 'finalPass' },
          { target: 'listening', actions: 'recordError' },
        ],
        ENDPOINT_UNREACHABLE: { target: 'unreachable', actions: 'recordError' },
      },
    },
    finalPass: {
      entry: 'startFinalPass',
      on: {
        PASS_DONE: 'finished',
        PASS_FAILED: [
          { guard: 'isPermanent', target: 'failed', actions: 'recordError' },
          { target: 'unfinished', actions: 'recordError' },
        ],
        ENDPOINT_UNREACHABLE: { target: 'unreachable', actions: 'recordError' },
      },
    },
    finished: { type: 'final' },
    failed: { type: 'final' },
    // The last pass failed for a reason worth another try: the caller still holds the audio.
    unfinished: { type: 'final' },
    // The caller still holds the audio too; whether to try again is the live session's decision.
    unreachable: { type: 'final' },
  },
});
