import type { TimedWord } from '../../providers/contract.ts';

/**
 * The shapes the windowed-batch pipeline (P09–P14 live capture) passes between its parts: a
 * recogniser's answer for one window of audio, and what the stabilizer makes of successive ones.
 * Times are milliseconds of session audio (the window's offset already added).
 */

/** One recognised word; times only where the provider returned word timestamps. */
export interface WindowWord {
  text: string;
  startMs?: number;
  endMs?: number;
  speaker?: string | null;
  confidence?: number | null;
}

/** A provider segment of one window pass, split into words. */
export interface WindowSegment {
  text: string;
  startMs: number;
  endMs: number;
  /** Present when the provider gave word timestamps (whisper.cpp, Groq/OpenAI verbose_json). */
  words?: WindowWord[];
}

/** One pass: the transcription of the audio window [windowStartMs, windowEndMs). */
export interface WindowPass {
  windowStartMs: number;
  windowEndMs: number;
  segments: WindowSegment[];
  /** Language the provider detected or was told, for joining words (no spaces in CJK). */
  language?: string | null;
}

/** A piece of transcript the stabilizer will never change. */
export interface StableSegment {
  text: string;
  startMs: number;
  endMs: number;
  /** Its words the provider timed itself; words whose times were estimated are not among them. */
  words?: TimedWord[];
}

export interface StabilizerUpdate {
  /** Newly committed text, in order; committed text is append-only. */
  committed: StableSegment[];
  /** The unstable tail to display after the committed text ('' when none). */
  tentative: string;
  /**
   * The window may drop its audio before this time: the end of committed text at a boundary the
   * provider itself timed (a segment end or a timestamped word), so no word is cut. Undefined: keep.
   */
  trimBeforeMs?: number;
}
