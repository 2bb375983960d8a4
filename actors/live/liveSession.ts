import { randomUUID } from 'node:crypto';
import { createActor, type InspectionEvent } from 'xstate';
import { liveSessionMachine } from '../../machines/liveSession.ts';
import type { AudioInputMode, LiveEvent, LiveStream, ProviderId } from '../../providers/contract.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { SessionAudioWriter } from '../sessionAudio/sessionAudioWriter.ts';
import { AudioReplayBuffer } from './audioReplayBuffer.ts';
import { SessionRecorder } from './sessionRecorder.ts';
import { type CommittedSegment, TranscriptAssembler } from './transcriptAssembler.ts';

export type LiveSessionState =
  'connecting' | 'streaming' | 'reconnecting' | 'stopping' | 'completed' | 'interrupted';

/** What a live session tells its watchers (the UI, the CLI) after each change. */
export interface LiveSessionUpdate {
  sessionId: string;
  state: LiveSessionState;
  /** Segments committed by this change, already stored, timed in the session's audio. */
  committed: CommittedSegment[];
  tentative: string;
  /** P01's translated line, when the change touched it. */
  translation?: { finalText: string; tentativeText: string };
  error: string | null;
  /** The session's audio so far: a resumed session's earlier recording and this capture. */
  audioMs: number;
  /**
   * How a windowed provider (P09–P14) keeps up, from its last pass: see the `pace` LiveEvent. After
   * Stop, `untranscribedMs` is the audio still to transcribe before the session completes.
   */
  pace?: { speed: number | null; untranscribedMs: number; passAudioMs: number | null };
  /** While the provider stream is being reopened: which reconnect this is (1 for the first). */
  reconnectAttempt?: number;
  /** Why the session's audio stopped being saved (full disk, encoder failure); the transcript goes on. */
  audioProblem?: string;
}

export interface LiveSessionOptions {
  store: SessionStore;
  providerId: ProviderId;
  /** A new session's title; a resumed session keeps its own, as it keeps its topic and tags. */
  title: string;
  /**
   * Continues this interrupted session instead of creating one: new segments follow the stored
   * ones, timed after its stored audio length.
   */
  resumeSessionId?: string;
  audioFormat: AudioInputMode;
  /** Opens a new provider stream (directly for P01, through the proxy for P02–P08) for the session. */
  openStream(onEvent: (event: LiveEvent) => void, sessionId: string): LiveStream;
  /** How long the provider gets to confirm the end of the stream; default 12 s. */
  finishTimeoutMs?: number;
  /** Tests shorten the reconnect backoff. */
  reconnectBackoffMs?: number;
  /** Tests lower the number of fruitless reconnects before the session gives up. */
  reconnectLimit?: number;
  topicId?: string | null;
  tagIds?: string[];
  /** Observes the actor's machine (the visualizer); the actor works the same without it. */
  inspect?: (event: InspectionEvent) => void;
  /**
   * Keeps the captured audio (the service writes it under the data directory); the session waits
   * for it to be closed before it ends. None: the audio is not kept.
   */
  /** `startMs`: where this capture's audio begins in the session. */
  keepAudio?: (
    sessionId: string,
    startMs: number,
    onProblem: (message: string) => void,
  ) => SessionAudioWriter;
}

export interface LiveSession {
  readonly id: string;
  readonly providerId: ProviderId;
  readonly audioFormat: AudioInputMode;
  /** Captured audio in the provider's input mode, with the audio time it holds. */
  sendAudio(frame: Uint8Array, durationMs: number): void;
  /** Ends the audio; resolves once the provider has confirmed the end and the session is stored. */
  stop(): Promise<LiveSessionUpdate>;
  /**
   * Ends the session at once, without waiting for the provider: what was committed is kept and the
   * session is stored `interrupted`, saying how much audio was left untranscribed. For a shutdown
   * that cannot wait for a slow provider to finish.
   */
  abandon(): Promise<LiveSessionUpdate>;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (update: LiveSessionUpdate) => void): () => void;
  current(): LiveSessionUpdate;
  /** The last update, once the session is completed or interrupted. */
  readonly ended: Promise<LiveSessionUpdate>;
}

const defaultFinishTimeoutMs = 12_000;

/**
 * A live session: the machine decides, this wires its effects. Captured audio is kept in a
 * replay buffer until the provider commits it; provider events go through the assembler; the
 * recorder stores every committed segment at once (tentative text never is).
 */
export function startLiveSession(options: LiveSessionOptions): LiveSession {
  const sessionId = options.resumeSessionId ?? randomUUID();
  const recorder =
    options.resumeSessionId === undefined
      ? SessionRecorder.create(options.store, {
          id: sessionId,
          title: options.title,
          providerId: options.providerId,
          topicId: options.topicId,
          tagIds: options.tagIds,
        })
      : SessionRecorder.resume(options.store, options.resumeSessionId);
  // The capture's own clock starts at 0; the session's runs on from any earlier recording.
  const sessionMs = (captureMs: number) => recorder.startMs + captureMs;
  const audio = new AudioReplayBuffer({ keepHeader: options.audioFormat === 'webm-opus' });
  const assembler = new TranscriptAssembler();
  const listeners = new Set<(update: LiveSessionUpdate) => void>();
  let stream: LiveStream | undefined;
  let streamGeneration = 0;
  let latest: LiveSessionUpdate = {
    sessionId,
    state: 'connecting',
    committed: [],
    tentative: '',
    error: null,
    audioMs: sessionMs(0),
  };
  let pace: LiveSessionUpdate['pace'];
  let audioProblem: string | undefined;
  const keptAudio = options.keepAudio?.(sessionId, recorder.startMs, (message) => {
    audioProblem = message;
    // A part that cannot even be opened says so before the actor below has started.
    queueMicrotask(() => publish());
  });
  let resolveEnded: (update: LiveSessionUpdate) => void = () => {};
  const ended = new Promise<LiveSessionUpdate>((resolve) => (resolveEnded = resolve));

  const publish = (change: Partial<LiveSessionUpdate> = {}) => {
    const snapshot = actor.getSnapshot();
    const { failedAttempts } = snapshot.context;
    const reopening = snapshot.value === 'reconnecting' || snapshot.value === 'connecting';
    latest = {
      sessionId,
      state: snapshot.value,
      committed: change.committed ?? [],
      tentative: assembler.tentative,
      translation: change.translation,
      error: snapshot.context.error,
      audioMs: sessionMs(audio.capturedMs),
      ...(pace === undefined ? {} : { pace }),
      ...(reopening && failedAttempts > 0 ? { reconnectAttempt: failedAttempts } : {}),
      ...(audioProblem === undefined ? {} : { audioProblem }),
    };
    for (const listener of listeners) listener(latest);
  };

  /** Places segments timed in this capture in the session's audio and stores them; returns what was stored. */
  const commit = (segments: CommittedSegment[]): CommittedSegment[] => {
    if (segments.length === 0) return [];
    const placed = segments.map((segment) => ({
      ...segment,
      startMs: sessionMs(segment.startMs),
      endMs: sessionMs(segment.endMs),
    }));
    const saved = recorder.record(placed);
    if (!saved.ok) {
      actor.send({ type: 'STREAM_FAILED', permanent: true, message: saved.message });
      return [];
    }
    audio.release(assembler.committedUpToMs);
    actor.send({ type: 'COMMITTED' });
    return placed;
  };

  const onStreamEvent = (generation: number, event: LiveEvent) => {
    if (generation !== streamGeneration) return;
    switch (event.type) {
      case 'ready':
        actor.send({ type: 'STREAM_READY' });
        return;
      case 'finished':
        actor.send({ type: 'STREAM_FINISHED' });
        return;
      case 'pace':
        pace = { speed: event.speed, untranscribedMs: event.untranscribedMs, passAudioMs: event.passAudioMs };
        publish();
        return;
      case 'error':
        actor.send(
          event.code === 'timeout' && actor.getSnapshot().value === 'stopping'
            ? { type: 'FINISH_TIMED_OUT' }
            : {
                type: 'STREAM_FAILED',
                permanent: event.permanent,
                message: event.message,
                unreachable: event.code === 'unreachable',
              },
        );
        return;
      default: {
        const change = assembler.accept(event, audio.capturedMs);
        const committed = commit(change.committed);
        if (change.translation !== undefined) recorder.recordTranslation(change.translation.finalText);
        publish({ ...change, committed });
      }
    }
  };

  const machine = liveSessionMachine.provide({
    actions: {
      openStream: () => {
        streamGeneration++;
        const generation = streamGeneration;
        // Opened a tick later, outside the machine's step: a stream may start actors of its own.
        queueMicrotask(() => {
          if (generation === streamGeneration) {
            stream = options.openStream((event) => onStreamEvent(generation, event), sessionId);
          }
        });
      },
      replayAudio: () => {
        assembler.startStream(audio.startMs);
        for (const frame of audio.replay()) stream?.sendAudio(frame);
      },
      finishStream: () => void stream?.finish(options.finishTimeoutMs ?? defaultFinishTimeoutMs),
      dropStream: () => {
        streamGeneration++;
        stream?.close();
        stream = undefined;
        commit(assembler.closeStream(audio.capturedMs));
      },
      commitTentative: () => commit(assembler.commitTentative(audio.capturedMs)),
      storeCompleted: () => recorder.end('completed', sessionMs(audio.capturedMs)),
      storeInterrupted: ({ context }) =>
        recorder.end('interrupted', sessionMs(audio.capturedMs), context.error),
    },
    delays: options.reconnectBackoffMs === undefined ? {} : { reconnectBackoff: options.reconnectBackoffMs },
    guards:
      options.reconnectLimit === undefined
        ? {}
        : { attemptsExhausted: ({ context }) => context.failedAttempts + 1 >= (options.reconnectLimit ?? 0) },
  });
  const actor = createActor(machine, { id: sessionId, inspect: options.inspect });
  actor.subscribe((snapshot) => {
    publish();
    if (snapshot.status === 'done') {
      const ending = latest;
      void (keptAudio?.close() ?? Promise.resolve()).then(() => resolveEnded(ending));
    }
  });
  actor.start();

  return {
    id: sessionId,
    providerId: options.providerId,
    audioFormat: options.audioFormat,
    sendAudio: (frame, durationMs) => {
      if (actor.getSnapshot().status !== 'active' || actor.getSnapshot().context.stopRequested) return;
      audio.push(frame, durationMs);
      keptAudio?.write(frame);
      if (actor.getSnapshot().value === 'streaming') stream?.sendAudio(frame);
    },
    stop: () => {
      // A session that has ended (the provider could not be reached, say) has nothing left to stop.
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'STOP' });
      return ended;
    },
    abandon: () => {
      if (actor.getSnapshot().status === 'active') {
        const left = pace === undefined ? '' : ` (${Math.ceil(pace.untranscribedMs / 1000)} s of audio)`;
        actor.send({
          type: 'SHUTDOWN',
          message: `Earshot was shut down before the end of this session was transcribed${left}.`,
        });
      }
      return ended;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => latest,
    ended,
  };
}
