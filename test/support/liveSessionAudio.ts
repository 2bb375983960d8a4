import { setTimeout as sleep } from 'node:timers/promises';
import type { LiveSession } from '../../actors/live/liveSession.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { normalisedWords } from '../conformance/liveStreams.ts';

/** 100 ms of PCM16 16 kHz mono, the frame capture sends. */
const frameBytes = 3200;
const bytesPerMs = 32;

/**
 * Plays PCM16 into a live session as capture does, in 100 ms frames, `speed` times faster than
 * real time (each frame due on a schedule from the start, so lateness does not add up);
 * Infinity sends everything at once.
 */
export async function playIntoSession(
  session: Pick<LiveSession, 'sendAudio'>,
  pcm: Buffer,
  speed = Infinity,
) {
  const started = performance.now();
  for (let offset = 0, index = 0; offset < pcm.length; offset += frameBytes, index++) {
    const wait = started + (index * 100) / speed - performance.now();
    if (wait > 0) await sleep(wait);
    const frame = pcm.subarray(offset, offset + frameBytes);
    session.sendAudio(frame, frame.length / bytesPerMs);
  }
}

/** A session's stored transcript as the tests compare it: words only, lower case. */
export function storedWords(store: SessionStore, sessionId: string): string {
  return normalisedWords(
    store
      .getSegments(sessionId)
      .map((segment) => segment.text)
      .join(' '),
  );
}
