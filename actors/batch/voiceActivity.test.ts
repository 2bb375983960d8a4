import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readWavInfo } from '../../test/fakes/wavAudio.ts';
import { fixture } from '../../test/support/fixtures.ts';
import { VoiceActivity } from './voiceActivity.ts';

const sampleRate = 16_000;
const samplesPerMs = sampleRate / 1000;

/** Uniform noise with the given RMS in dBFS, from a fixed seed so every run hears the same hiss. */
function noise(ms: number, dbfs: number, seed = 1): Int16Array {
  const amplitude = 32_768 * 10 ** (dbfs / 20) * Math.sqrt(3);
  let state = seed;
  return Int16Array.from({ length: ms * samplesPerMs }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.round(amplitude * ((state / 2 ** 31) * 2 - 1));
  });
}

/** A vowel-like 220 Hz tone with the given RMS in dBFS. */
function tone(ms: number, dbfs: number): Int16Array {
  const amplitude = 32_768 * 10 ** (dbfs / 20) * Math.SQRT2;
  return Int16Array.from({ length: ms * samplesPerMs }, (_, sample) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * 220 * sample) / sampleRate)),
  );
}

/** Adds `over` onto `under` from `atMs`, as a sound heard over the room. */
function mix(under: Int16Array, over: Int16Array, atMs: number): Int16Array {
  const mixed = Int16Array.from(under);
  over.forEach((value, index) => {
    const at = atMs * samplesPerMs + index;
    mixed[at] = Math.max(-32_768, Math.min(32_767, (mixed[at] ?? 0) + value));
  });
  return mixed;
}

function bytesOf(samples: Int16Array): Buffer {
  const bytes = Buffer.alloc(samples.length * 2);
  samples.forEach((value, index) => bytes.writeInt16LE(value, index * 2));
  return bytes;
}

/** Pushes `bytes` in frames of `frameBytes` (1 600 bytes = 50 ms) and returns each frame's verdict. */
function feed(detector: VoiceActivity, bytes: Buffer, frameBytes = 1_600): boolean[] {
  const verdicts: boolean[] = [];
  for (let offset = 0; offset < bytes.length; offset += frameBytes)
    verdicts.push(detector.push(bytes.subarray(offset, offset + frameBytes)));
  return verdicts;
}

function detect(samples: Int16Array, frameBytes?: number): { detector: VoiceActivity; verdicts: boolean[] } {
  const detector = new VoiceActivity();
  const verdicts = feed(detector, bytesOf(samples), frameBytes);
  return { detector, verdicts };
}

/** The PCM16 samples of a shared 16 kHz mono WAV, found by walking its RIFF chunks. */
function sharedWavPcm(name: string): Buffer {
  const bytes = readFileSync(fixture(`audio/${name}`));
  expect(readWavInfo(bytes)).toMatchObject({ sampleRate, channels: 1, bitsPerSample: 16 });
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(offset + 4);
    if (bytes.toString('ascii', offset, offset + 4) === 'data')
      return bytes.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${name} has no data chunk`);
}

describe('VoiceActivity', () => {
  it('hears no speech in digital silence', () => {
    const { detector, verdicts } = detect(new Int16Array(3_000 * samplesPerMs));
    expect(verdicts.every((speech) => !speech)).toBe(true);
    expect(detector.lastSpeechEndMs).toBeUndefined();
    expect(detector.hasSpeechSince(0)).toBe(false);
    expect(detector.endMs).toBe(3_000);
  });

  it('hears no speech in low noise, under the absolute minimum', () => {
    const { detector } = detect(noise(3_000, -60));
    expect(detector.hasSpeechSince(0)).toBe(false);
  });

  it('takes steady room noise for the floor, not for speech, however loud', () => {
    const { detector } = detect(noise(5_000, -35));
    expect(detector.hasSpeechSince(0)).toBe(false);
  });

  it('hears noise that starts after digital silence as the room, not as speech', () => {
    const samples = new Int16Array(4_000 * samplesPerMs);
    samples.set(noise(3_500, -42), 500 * samplesPerMs);
    expect(detect(samples).detector.hasSpeechSince(0)).toBe(false);
  });

  describe('a voice-like burst over room noise', () => {
    const burst = mix(noise(4_000, -45), tone(600, -20), 2_000);

    it('finds speech under the burst and none before it', () => {
      const { detector } = detect(burst);
      expect(detector.hasSpeechBetween(0, 1_950)).toBe(false);
      expect(detector.hasSpeechBetween(2_000, 2_600)).toBe(true);
      expect(detector.hasSpeechSince(1_000)).toBe(true);
    });

    it('keeps speech on for the 300 ms hangover after the burst, then ends it', () => {
      const { detector, verdicts } = detect(burst);
      expect(detector.lastSpeechEndMs).toBeGreaterThanOrEqual(2_880);
      expect(detector.lastSpeechEndMs).toBeLessThanOrEqual(2_940);
      expect(detector.hasSpeechSince(3_000)).toBe(false);
      // 50 ms frames: the one from 2 850 ms still holds speech, the one from 2 950 ms no longer does.
      expect(verdicts[2_850 / 50]).toBe(true);
      expect(verdicts[2_950 / 50]).toBe(false);
    });

    it('gives the same answer whatever the frame size, odd byte splits included', () => {
      const whole = detect(burst, 3_200).detector;
      for (const frameBytes of [1_000, 1_001, 2_399, 4_800]) {
        const split = detect(burst, frameBytes).detector;
        expect(split.lastSpeechEndMs).toBe(whole.lastSpeechEndMs);
        expect(split.hasSpeechBetween(0, 1_950)).toBe(false);
        expect(split.endMs).toBe(4_000);
      }
    });
  });

  it('does not take a click for speech', () => {
    const click = Int16Array.from({ length: 3 * samplesPerMs }, (_, sample) =>
      sample % 2 === 0 ? 30_000 : -30_000,
    );
    const room = noise(3_000, -55);
    // One click inside a block, one across a block boundary (20 ms blocks).
    const { detector } = detect(mix(mix(room, click, 1_005), click, 2_019));
    expect(detector.hasSpeechSince(0)).toBe(false);
  });

  it('hears the speech in jfk.wav, and the pause after "my fellow Americans"', () => {
    const detector = new VoiceActivity();
    feed(detector, sharedWavPcm('jfk.wav'));
    expect(detector.hasSpeechBetween(0, 1_000)).toBe(true);
    expect(detector.hasSpeechBetween(2_500, 3_100)).toBe(false);
    expect(detector.hasSpeechBetween(3_300, 4_000)).toBe(true);
    expect(detector.lastSpeechEndMs).toBeGreaterThan(9_500);
  });

  it('answers in session time when its first sample is not the session start', () => {
    const detector = new VoiceActivity(60_000);
    feed(detector, bytesOf(mix(noise(4_000, -45), tone(600, -20), 2_000)));
    expect(detector.endMs).toBe(64_000);
    expect(detector.hasSpeechBetween(60_000, 61_950)).toBe(false);
    expect(detector.hasSpeechBetween(62_000, 62_600)).toBe(true);
  });

  it('hears no speech in sil2.wav', () => {
    const detector = new VoiceActivity();
    feed(detector, sharedWavPcm('sil2.wav'));
    expect(detector.endMs).toBe(2_000);
    expect(detector.hasSpeechSince(0)).toBe(false);
  });
});
