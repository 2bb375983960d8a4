import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useConnection } from '../connection/connectionContext.tsx';
import { liveCaptureFor } from './liveCapture.ts';
import { liveStageOf } from './liveStatus.ts';

/**
 * The tab's live recording, its own or one it follows, for any page: the capture machine's state
 * and context, its stage, the elapsed time ticking each second, and whether Stop applies now.
 */
export function useLiveRecording() {
  const capture = liveCaptureFor(useConnection());
  const snapshot = useSelector(capture.actor, (state) => state);
  const elapsedMs = useSyncExternalStore(capture.elapsed.subscribe, capture.elapsed.elapsedMs);
  const stage = liveStageOf(snapshot.value);
  const canStop =
    stage === 'capturing' || stage === 'needsSource' || snapshot.matches({ watching: 'following' });
  return {
    capture,
    snapshot,
    context: snapshot.context,
    stage,
    elapsedMs,
    canStop,
    stop: () => capture.actor.send({ type: 'STOP' }),
  };
}
