import { shownElapsedMs } from './liveStatus.ts';

/**
 * The recording's elapsed time, ticking once a second while it runs. The service reports the audio
 * length only with its updates (between a windowed provider's passes, seconds apart); this counts
 * on from the last report so the Live page, the indicator and the tab title move every second.
 */
export class ElapsedClock {
  private readonly listeners = new Set<() => void>();
  private sessionId: string | undefined;
  private audioMs = 0;
  private reportedAt = 0;
  private running = false;
  private shown = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  /** What the recording's last update said, and whether it runs on. */
  report(sessionId: string | undefined, audioMs: number, running: boolean): void {
    if (sessionId !== this.sessionId) this.shown = 0;
    if (sessionId !== this.sessionId || audioMs !== this.audioMs) this.reportedAt = Date.now();
    this.sessionId = sessionId;
    this.audioMs = audioMs;
    this.running = running;
    if (running && this.timer === undefined) this.timer = setInterval(() => this.tick(), 1000);
    if (!running && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    this.tick();
  }

  /** For useSyncExternalStore. */
  readonly elapsedMs = (): number => this.shown;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private tick(): void {
    const shown = shownElapsedMs({
      audioMs: this.audioMs,
      reportedAt: this.reportedAt,
      now: Date.now(),
      running: this.running,
      shownBefore: this.shown,
    });
    if (shown === this.shown) return;
    this.shown = shown;
    for (const listener of this.listeners) listener();
  }
}
