import { frameTag } from './taggedFrames.ts';

interface SessionFrames {
  sentAt: Float64Array;
  receivedAt: Float64Array;
}

/**
 * When each tagged frame left its client and when the fake received it, both on this process's
 * `performance.now()` clock (the clients and the fake run here; only the service is elsewhere).
 */
export class FrameLedger {
  private readonly sessions = new Map<number, SessionFrames>();
  private nextSessionId = 1;
  /** Frames that arrived with a tag no open session has (none are expected). */
  strayFrames = 0;

  /** A new session id, with room for `frames` frames. */
  open(frames: number): number {
    const sessionId = this.nextSessionId++;
    this.sessions.set(sessionId, {
      sentAt: new Float64Array(frames).fill(Number.NaN),
      receivedAt: new Float64Array(frames).fill(Number.NaN),
    });
    return sessionId;
  }

  sent(sessionId: number, sequence: number, at: number): void {
    const session = this.sessions.get(sessionId);
    if (session !== undefined) session.sentAt[sequence] = at;
  }

  /** Called by the fake for every binary frame, with the time it was handed the frame. */
  received(frame: Buffer, at: number): void {
    const tag = frameTag(frame);
    const session = tag === undefined ? undefined : this.sessions.get(tag.sessionId);
    if (tag === undefined || session === undefined || tag.sequence >= session.receivedAt.length) {
      this.strayFrames++;
      return;
    }
    session.receivedAt[tag.sequence] = at;
  }

  /** Arrival minus sending of every frame of these sessions that arrived, and the frames that did not. */
  collect(sessionIds: readonly number[]): { latencies: number[]; sent: number; received: number } {
    const latencies: number[] = [];
    let sent = 0;
    for (const sessionId of sessionIds) {
      const session = this.sessions.get(sessionId);
      if (session === undefined) continue;
      session.sentAt.forEach((sentAt, sequence) => {
        if (Number.isNaN(sentAt)) return;
        sent++;
        const receivedAt = session.receivedAt[sequence] ?? Number.NaN;
        if (!Number.isNaN(receivedAt)) latencies.push(receivedAt - sentAt);
      });
    }
    return { latencies, sent, received: latencies.length };
  }

  /** Whether every frame sent by these sessions has arrived. */
  allArrived(sessionIds: readonly number[]): boolean {
    return sessionIds.every((sessionId) => {
      const session = this.sessions.get(sessionId);
      if (session === undefined) return true;
      return session.sentAt.every(
        (sentAt, sequence) =>
          Number.isNaN(sentAt) || !Number.isNaN(session.receivedAt[sequence] ?? Number.NaN),
      );
    });
  }

  forget(sessionIds: readonly number[]): void {
    for (const sessionId of sessionIds) this.sessions.delete(sessionId);
  }
}
