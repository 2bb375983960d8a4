import { type Actor, createActor, fromCallback, fromPromise } from 'xstate';
import type { AppConnection } from '../connection/appConnection.ts';
import { control } from '../connection/control.ts';
import { startAudioCapture } from './audioCapture.ts';
import { acquireAudioSource, releaseAudioSource } from './audioSource.ts';
import {
  type CaptureEvent,
  type CaptureInput,
  captureMachine,
  type RememberedRecording,
  type SourceKind,
} from './captureMachine.ts';
import { ElapsedClock } from './elapsedClock.ts';
import { LevelMeterSource } from './levelMeterSource.ts';
import { liveStageOf } from './liveStatus.ts';

export type LiveCaptureActor = Actor<typeof captureMachine>;

const rememberedRecordingKey = 'earshot.liveRecording';

/** More audio than this waiting in the browser means the link cannot keep up. */
const slowBacklogSeconds = 3;

export interface LiveCapture {
  actor: LiveCaptureActor;
  meter: LevelMeterSource;
  elapsed: ElapsedClock;
}

let current: { connection: AppConnection; capture: LiveCapture } | undefined;

/**
 * The page's one live capture, kept for the life of the connection rather than of the Live page:
 * browsing to another page while recording keeps the audio flowing. On creation it picks up a
 * recording a reload of this tab left behind (its session id is in the tab's sessionStorage, so
 * another tab follows the recording rather than capturing it a second time).
 */
export function liveCaptureFor(connection: AppConnection): LiveCapture {
  if (current?.connection === connection) return current.capture;
  const meter = new LevelMeterSource();
  const machine = captureMachine.provide({
    actions: {
      send: (_, message) => {
        connection.send(message);
      },
      remember: (_, recording) => sessionStorage.setItem(rememberedRecordingKey, JSON.stringify(recording)),
      forget: () => sessionStorage.removeItem(rememberedRecordingKey),
      releaseSource: ({ context }) => releaseAudioSource(context.source),
    },
    actors: {
      acquireSource: fromPromise<unknown, { sourceKind: SourceKind }>(({ input }) =>
        acquireAudioSource(input.sourceKind),
      ),
      capture: fromCallback<CaptureEvent, CaptureInput>(({ input, sendBack }) =>
        captureInto(connection, meter, input, sendBack),
      ),
      stopRecording: fromPromise<unknown, { sessionId: string }>(({ input }) =>
        stopLiveRecording(input.sessionId),
      ),
    },
  });
  const actor = createActor(machine).start();
  const elapsed = new ElapsedClock();
  actor.subscribe(({ value, context }) => {
    const stage = liveStageOf(value);
    const runs = (stage === 'capturing' || stage === 'watching') && context.serviceState !== 'stopping';
    elapsed.report(context.sessionId, context.audioMs, runs);
  });
  connection.onMessage((message) => {
    switch (message.type) {
      case 'live.started':
        actor.send({
          type: 'SERVICE.STARTED',
          sessionId: message.sessionId,
          audioFormat: message.audioFormat,
        });
        break;
      case 'live.refused':
        actor.send({ type: 'SERVICE.REFUSED', message: message.message });
        break;
      case 'live.running':
        actor.send({ type: 'SERVICE.RUNNING', sessions: message.sessions });
        break;
      case 'live.update': {
        const { type: _type, ...update } = message;
        actor.send({ type: 'SERVICE.UPDATE', update });
        break;
      }
      case 'live.ended':
        actor.send({
          type: 'SERVICE.ENDED',
          sessionId: message.sessionId,
          state: message.state,
          error: message.error,
        });
        break;
    }
  });
  connection.onOpen(() => actor.send({ type: 'CONNECTION.OPENED' }));
  connection.onStatus(() => {
    if (connection.status === 'closed') actor.send({ type: 'CONNECTION.LOST' });
  });
  const remembered = readRememberedRecording();
  if (remembered !== undefined) actor.send({ type: 'RESUME', recording: remembered });
  const capture = { actor, meter, elapsed };
  current = { connection, capture };
  return capture;
}

function captureInto(
  connection: AppConnection,
  meter: LevelMeterSource,
  input: CaptureInput,
  sendBack: (event: CaptureEvent) => void,
): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  let sentBytes = 0;
  let firstFrameAt: number | undefined;
  let slow = false;
  startAudioCapture({
    source: input.source as MediaStream,
    audioFormat: input.audioFormat,
    meter,
    onFrame: (frame) => {
      connection.sendAudio(frame);
      const now = performance.now();
      firstFrameAt ??= now;
      sentBytes += frame instanceof Blob ? frame.size : frame.byteLength;
      const elapsedSeconds = (now - firstFrameAt) / 1000;
      if (elapsedSeconds < 1) return;
      const backlogSeconds = connection.bufferedAmount / (sentBytes / elapsedSeconds);
      if (backlogSeconds > slowBacklogSeconds !== slow) {
        slow = !slow;
        sendBack({ type: 'CAPTURE.SLOW', slow });
      }
    },
    onSourceEnded: () => sendBack({ type: 'CAPTURE.SOURCE_ENDED' }),
  }).then(
    (stopCapture) => {
      if (stopped) stopCapture();
      else stop = stopCapture;
    },
    (error: unknown) => {
      if (!stopped)
        sendBack({ type: 'CAPTURE.FAILED', message: error instanceof Error ? error.message : String(error) });
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Asks the service to stop a session's recording, whichever tab captures it (or none any more). */
export function stopLiveRecording(sessionId: string): Promise<unknown> {
  return control('POST', `/sessions/${encodeURIComponent(sessionId)}/stop`);
}

function readRememberedRecording(): RememberedRecording | undefined {
  try {
    const stored = JSON.parse(
      sessionStorage.getItem(rememberedRecordingKey) ?? 'null',
    ) as RememberedRecording | null;
    return typeof stored?.sessionId === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}
