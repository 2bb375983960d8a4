import { describe, expect, it } from 'vitest';
import { hasSpeech, windowSpeech } from './speechGate.ts';

const samplesPerMs = 16;

/** PCM16 bytes: room noise at about −45 dBFS with a loud 220 Hz tone from `toneFromMs` for 600 ms. */
function windowAudio(ms: number, toneFromMs?: number): Buffer {
  const bytes = Buffer.alloc(ms * samplesPerMs * 2);
  let state = 7;
  for (let sample = 0; sample < ms * samplesPerMs; sample++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    let value = 300 * ((state / 2 ** 31) * 2 - 1);
    const toneSample = toneFromMs === undefined ? -1 : sample - toneFromMs * samplesPerMs;
    if (toneSample >= 0 && toneSample < 600 * samplesPerMs)
      value += 10_000 * Math.sin((2 * Math.PI * 220 * toneSample) / 16_000);
    bytes.writeInt16LE(Math.round(value), sample * 2);
  }
  return bytes;
}

describe('speech gate', () => {
  it('passes a window with speech and stops one with only room noise or nothing', () => {
    expect(hasSpeech(windowAudio(3_000, 1_000))).toBe(true);
    expect(hasSpeech(windowAudio(3_000))).toBe(false);
    expect(hasSpeech(Buffer.alloc(0))).toBe(false);
  });

  it('places speech in session time from the window start', () => {
    const speech = windowSpeech(windowAudio(3_000, 1_000), 40_000);
    expect(speech.hasSpeechBetween(40_000, 40_950)).toBe(false);
    expect(speech.hasSpeechBetween(41_000, 41_600)).toBe(true);
    expect(speech.endMs).toBe(43_000);
  });
});
