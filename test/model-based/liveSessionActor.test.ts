import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLiveSession } from '../../actors/live/liveSession.ts';
import { type liveSessionMachine, reconnectBackoffMs } from '../../machines/liveSession.ts';
import type { LiveEvent } from '../../providers/contract.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import {
  allPaths,
  describePath,
  type MachinePaths,
  type ModelPath,
} from '../../machines/analysis/modelPaths.ts';
import { analyzeEntry, catalogEntry } from '../../machines/catalog.ts';

/**
 * The live-session paths generated from the machine, replayed on the real session actor: each
 * machine event is caused the way it happens in the service (the provider stream reports ready,
 * a commit, a drop, a refusal, its end; the user stops; time passes), and after every step the
 * actor must be where the path says. The registry's model uses a reconnect limit of 2; so does
 * the actor here.
 */
const entry = catalogEntry('liveSession');
// The registry erases each machine's own types; these paths are the live session's.
const paths = analyzeEntry(entry).paths as unknown as MachinePaths<typeof liveSessionMachine>;
const modelReconnectLimit = 2;

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
beforeAll(() => {
  directory = temporaryDirectory('live-model');
  store = SessionStore.open(directory.path);
});
afterAll(() => {
  store.close();
  directory.remove();
});
afterEach(() => vi.useRealTimers());

async function replayOnActor(path: ModelPath<typeof liveSessionMachine>): Promise<void> {
  vi.useFakeTimers();
  let report: (event: LiveEvent) => void = () => {};
  let streamsOpened = 0;
  const session = startLiveSession({
    store,
    providerId: 'deepgram',
    title: 'model-based path',
    audioFormat: 'pcm16',
    reconnectLimit: modelReconnectLimit,
    openStream: (onEvent) => {
      streamsOpened++;
      report = onEvent;
      return {
        sendAudio: () => {},
        finish: () => Promise.resolve(),
        close: () => {},
        bufferedBytes: () => 0,
      };
    },
  });
  const where = describePath(path);
  const expectState = (index: number) => {
    const step = path.steps[index];
    expect(session.current().state, `step ${index} (${step?.event.type}) of ${where}`).toEqual(
      step?.state.value,
    );
  };
  for (const [index, step] of path.steps.entries()) {
    // The session opens each stream a microtask after deciding to, as it does in the service.
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    const before = path.steps[index - 1]?.state;
    // Paths also hold xstate's own init and delayed events, which the machine's event type leaves out.
    const type: string = step.event.type;
    if (type === 'xstate.init') {
      expectState(index);
      continue;
    }
    if (type.startsWith('xstate.after.')) {
      // The only delayed transition: the reconnect backoff, which grows with the failures so far.
      vi.advanceTimersByTime(reconnectBackoffMs(before?.context.failedAttempts ?? 0));
      expectState(index);
      continue;
    }
    const event = step.event;
    switch (event.type) {
      case 'STREAM_READY':
        report({ type: 'ready' });
        break;
      case 'COMMITTED':
        session.sendAudio(new Uint8Array(3200), 100);
        report({ type: 'final', text: `word ${index}`, startMs: 0, endMs: 100 });
        break;
      case 'STREAM_FAILED':
        report({
          type: 'error',
          code: event.permanent
            ? 'unauthorized'
            : event.unreachable === true
              ? 'unreachable'
              : 'connection_lost',
          permanent: event.permanent,
          message: event.message,
        });
        break;
      case 'STREAM_FINISHED':
        report({ type: 'finished' });
        break;
      case 'FINISH_TIMED_OUT':
        report({ type: 'error', code: 'timeout', permanent: false, message: 'no end in time' });
        break;
      case 'STOP':
        void session.stop();
        break;
      case 'SHUTDOWN':
        void session.abandon();
        break;
    }
    expectState(index);
  }
  expect(streamsOpened).toBeGreaterThan(0);
}

describe('liveSession paths on the real actor', () => {
  it.each(allPaths(paths).map((path) => [describePath(path), path] as const))('%s', (_, path) =>
    replayOnActor(path),
  );
});
