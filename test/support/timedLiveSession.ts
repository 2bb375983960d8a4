import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningService } from '../../main/service.ts';
import type { SessionStatus } from '../../store/records.ts';
import { playIntoSession } from './liveSessionAudio.ts';

/** A stored segment of the session, and when it was stored. */
export interface TimedSegment {
  seq: number;
  text: string;
  /** Milliseconds from the first frame played to the moment the store held the segment. */
  storedAfterMs: number;
}

/** A live session played through a running service, with its times on this machine's clock. */
export interface TimedLiveSession {
  sessionId: string;
  /** Epoch ms of the first frame played; the audio's time 0. */
  playbackStartedAt: number;
  /** Epoch ms at which the session was told to stop, right after the last frame. */
  stoppedAt: number;
  /** Epoch ms at which the store no longer had the session recording. */
  endedAt: number;
  status: SessionStatus;
  /** The session's last error, if it ended with one. */
  error: string | null;
  segments: TimedSegment[];
}

/**
 * Starts a live session on `provider`, plays `pcm` into it at `speed` times real time in 100 ms
 * frames as capture does, stops it, and waits, however long it takes, until the store no longer
 * has it recording. Every segment is timed when the store receives it, so the time a committed
 * word took to appear can be measured, wherever in Earshot it waited.
 */
export async function playTimedLiveSession(
  service: RunningService,
  { provider, pcm, speed = 1 }: { provider: string; pcm: Buffer; speed?: number },
): Promise<TimedLiveSession> {
  const session = service.live.start({ provider, languageHints: ['en'] });
  const storedAt = new Map<number, number>();
  const stopWatching = service.store.watchRows((touched) => {
    if (touched.segments === undefined || service.store.getSession(session.id)?.status !== 'recording')
      return;
    const now = Date.now();
    for (const segment of service.store.getSegments(session.id))
      if (!storedAt.has(segment.seq)) storedAt.set(segment.seq, now);
  });
  try {
    const playbackStartedAt = Date.now();
    await playIntoSession(session, pcm, speed);
    const stoppedAt = Date.now();
    void session.stop();
    while (service.store.getSession(session.id)?.status === 'recording') await sleep(20);
    const endedAt = Date.now();
    const status = service.store.getSession(session.id)?.status ?? 'interrupted';
    return {
      sessionId: session.id,
      playbackStartedAt,
      stoppedAt,
      endedAt,
      status,
      error: session.current().error,
      segments: service.store.getSegments(session.id).map((segment) => ({
        seq: segment.seq,
        text: segment.text,
        storedAfterMs: (storedAt.get(segment.seq) ?? endedAt) - playbackStartedAt,
      })),
    };
  } finally {
    stopWatching();
  }
}
