import { describe, expect, it } from 'vitest';
import { AudioWindow } from './audioWindow.ts';

const ms = (duration: number, value = 1) => {
  const frame = Buffer.alloc(duration * 32);
  for (let offset = 0; offset < frame.length; offset += 2) frame.writeInt16LE(value, offset);
  return frame;
};

describe('AudioWindow', () => {
  it('keeps exact session times as it is trimmed by time, not by piece', () => {
    const window = new AudioWindow();
    window.append(ms(100, 1));
    window.append(ms(100, 2));
    window.append(ms(100, 3));
    window.trimBefore(150);
    expect(window.startMs).toBe(150);
    expect(window.endMs).toBe(300);
    const pcm = window.pcm();
    expect(pcm.length).toBe(150 * 32);
    expect(pcm.readInt16LE(0)).toBe(2);
    expect(pcm.readInt16LE(pcm.length - 2)).toBe(3);
  });

  it('ignores a trim before its start, and stops at its end', () => {
    const window = new AudioWindow();
    window.append(ms(100));
    window.trimBefore(50);
    window.trimBefore(10);
    expect(window.startMs).toBe(50);
    window.trimBefore(500);
    expect(window.durationMs).toBe(0);
    expect(window.startMs).toBe(100);
  });

  it('writes a self-contained 16 kHz mono PCM16 WAV', () => {
    const window = new AudioWindow();
    window.append(ms(250));
    const wav = window.toWav();
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt32LE(40)).toBe(250 * 32);
    expect(wav.length).toBe(44 + 250 * 32);
  });
});
