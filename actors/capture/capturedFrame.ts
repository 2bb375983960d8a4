/** One piece of captured audio, in the format the capture was asked for. */
export interface CapturedFrame {
  bytes: Uint8Array;
  /** Audio time at the frame's start, from the start of the recording. */
  startMs: number;
  /** Audio the frame carries; the last frame of a recording may be shorter than the others. */
  durationMs: number;
}
