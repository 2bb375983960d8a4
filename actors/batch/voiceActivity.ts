/**
 * Live audio is PCM16 little-endian mono at 16 kHz, as the capture actors deliver it to the batch
 * window (a WebM/Opus capture is decoded to this first).
 */
const sampleRate = 16_000;
const fullScale = 32_768;

/** Loudness is judged per 20 ms block: long enough to average a voice's pitch periods, short enough to see the gaps between words. */
const blockMs = 20;
const samplesPerBlock = (sampleRate * blockMs) / 1000;

/**
 * Below this a block is never speech, whatever the floor: −50 dBFS RMS, the same line the file
 * path's whisper.cpp silence gate draws (`providers/whisper-cpp/audibleSound.ts`), under quiet
 * speech (around −30 dBFS) and over a decent microphone's self-noise.
 */
const absoluteMinimumDb = -50;

/**
 * Speech must stand this far above the room's noise floor. Steady noise measured over 20 ms blocks
 * varies by about a decibel, while syllables rise 15–30 dB over the gaps between them.
 */
const aboveFloorDb = 10;

/**
 * The noise floor is the quietest block of the last 2 s (minimum statistics): speech always has
 * gaps within that span, so the minimum finds the room under it, while a steady sound that lasts
 * longer (a fan, a hum) becomes the floor instead of being taken for speech.
 */
const floorWindowBlocks = 2000 / blockMs;

/**
 * A block this quiet is digital silence (a muted or still-starting device), not a room: it is
 * left out of the floor, or the first real noise after it would read as 40 dB of speech.
 */
const digitalSilenceDb = -90;

/** Loud blocks needed in a row before speech starts, so a click or a knock (one block) is not speech. */
const onsetBlocks = 3;

/** Speech stays on this long after the last loud block, so quiet word endings ("-s", "-t") are not cut off. */
const hangoverMs = 300;

/**
 * Speech spans are kept this long after they end: longer than the batch window's 45 s rolling
 * buffer, so any segment a pass returns can be checked, while a long session's memory stays small.
 */
const retainMs = 60_000;

interface SpeechSpan {
  startMs: number;
  endMs: number;
}

/**
 * An energy-based voice-activity detector over a live PCM16 stream. Times are milliseconds from
 * `startMs`, the session time of the first sample pushed, so answers compare with a pass's
 * segment times. Frames may be any length; blocks carry across frame boundaries.
 */
export class VoiceActivity {
  readonly #startMs: number;
  #blockSumOfSquares = 0;
  #blockSamples = 0;
  #pendingByte: number | undefined;
  #blocksSeen = 0;
  #recentLevels: number[] = [];
  #loudRun = 0;
  #quietMs = 0;
  #speaking = false;
  #spans: SpeechSpan[] = [];

  constructor(startMs = 0) {
    this.#startMs = startMs;
  }

  /** Where the audio pushed so far ends. */
  get endMs(): number {
    return this.#startMs + this.#blocksSeen * blockMs + Math.floor((this.#blockSamples * 1000) / sampleRate);
  }

  /** Where the latest speech ended (now, while it goes on); undefined before any speech. */
  get lastSpeechEndMs(): number | undefined {
    return this.#spans.at(-1)?.endMs;
  }

  /**
   * Feeds one frame of PCM16 audio. Returns whether any of its whole blocks was speech, for a
   * caller that wants a verdict per frame; the span queries below see speech from its onset.
   */
  push(frame: Uint8Array): boolean {
    let frameHadSpeech = false;
    let offset = 0;
    if (this.#pendingByte !== undefined && frame.length > 0) {
      // The low byte came at the end of the previous frame; the shifts restore the sign.
      const sample = ((this.#pendingByte | ((frame[0] ?? 0) << 8)) << 16) >> 16;
      frameHadSpeech = this.#addSample(sample) || frameHadSpeech;
      this.#pendingByte = undefined;
      offset = 1;
    }
    const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
    for (; offset + 1 < frame.length; offset += 2)
      frameHadSpeech = this.#addSample(view.getInt16(offset, true)) || frameHadSpeech;
    if (offset < frame.length) this.#pendingByte = frame[offset];
    return frameHadSpeech;
  }

  /** Whether any speech lies in [fromMs, toMs) — e.g. under one segment a pass returned. */
  hasSpeechBetween(fromMs: number, toMs: number): boolean {
    return this.#spans.some((span) => span.startMs < toMs && span.endMs > fromMs);
  }

  /** Whether any speech lies at or after `fromMs`: a window starting there is worth a pass. */
  hasSpeechSince(fromMs: number): boolean {
    return this.hasSpeechBetween(fromMs, Number.POSITIVE_INFINITY);
  }

  /** Returns whether the block this sample completed (if any) was speech. */
  #addSample(sample: number): boolean {
    this.#blockSumOfSquares += sample * sample;
    this.#blockSamples += 1;
    if (this.#blockSamples < samplesPerBlock) return false;
    const level = decibels(Math.sqrt(this.#blockSumOfSquares / this.#blockSamples));
    this.#blockSumOfSquares = 0;
    this.#blockSamples = 0;
    this.#blocksSeen += 1;
    return this.#judgeBlock(level, this.#startMs + this.#blocksSeen * blockMs);
  }

  #judgeBlock(level: number, blockEndMs: number): boolean {
    if (level > digitalSilenceDb) {
      this.#recentLevels.push(level);
      if (this.#recentLevels.length > floorWindowBlocks) this.#recentLevels.shift();
    }
    const floor = this.#recentLevels.length > 0 ? Math.min(...this.#recentLevels) : level;
    const loud = level >= absoluteMinimumDb && level >= floor + aboveFloorDb;
    this.#loudRun = loud ? this.#loudRun + 1 : 0;
    if (this.#speaking) {
      this.#quietMs = loud ? 0 : this.#quietMs + blockMs;
      if (this.#quietMs > hangoverMs) this.#speaking = false;
    } else if (this.#loudRun >= onsetBlocks) {
      this.#speaking = true;
      this.#quietMs = 0;
      this.#spans.push({ startMs: blockEndMs - this.#loudRun * blockMs, endMs: blockEndMs });
    }
    if (!this.#speaking) return false;
    const current = this.#spans.at(-1);
    if (current !== undefined) current.endMs = blockEndMs;
    while ((this.#spans[0]?.endMs ?? blockEndMs) < blockEndMs - retainMs) this.#spans.shift();
    return true;
  }
}

/** RMS in dBFS; digital silence reads as −100 rather than minus infinity. */
function decibels(rms: number): number {
  return rms === 0 ? -100 : 20 * Math.log10(rms / fullScale);
}
