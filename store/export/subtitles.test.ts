import { describe, expect, it } from 'vitest';
import type { Segment } from '../records.ts';
import { clockTime } from './clockTime.ts';
import { cuesOf, longestCueCharacters, longestCueMs, toSrt, toVtt } from './subtitles.ts';

function segment(seq: number, text: string, startMs: number, endMs: number, speaker: string | null = null) {
  return { seq, text, startMs, endMs, speaker, language: null } satisfies Segment;
}

describe('clockTime', () => {
  it('writes hours, minutes, seconds and, when asked, milliseconds after the given separator', () => {
    expect(clockTime(0)).toBe('00:00:00');
    expect(clockTime(3_723_456)).toBe('01:02:03');
    expect(clockTime(3_723_456, ',')).toBe('01:02:03,456');
    expect(clockTime(59_999.6, '.')).toBe('00:01:00.000');
    expect(clockTime(101 * 3_600_000, '.')).toBe('101:00:00.000');
  });
});

describe('cues', () => {
  it('keeps a short segment as one cue, with its own times and speaker', () => {
    expect(cuesOf([segment(0, '  Hello   there ', 1000, 4000, 'Ana')])).toEqual([
      { startMs: 1000, endMs: 4000, text: 'Hello there', speaker: 'Ana' },
    ]);
  });

  it('splits a long segment between words, in time order, without gaps, ending with the segment', () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`);
    const cues = cuesOf([segment(0, words.join(' '), 2_000, 22_000, 'Bo')]);
    expect(cues.length).toBe(4);
    expect(cues.map((cue) => cue.text).join(' ')).toBe(words.join(' '));
    expect(cues[0]?.startMs).toBe(2_000);
    expect(cues.at(-1)?.endMs).toBe(22_000);
    for (const [index, cue] of cues.entries()) {
      expect(cue.speaker).toBe('Bo');
      expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(longestCueMs);
      expect(cue.text.length).toBeLessThanOrEqual(longestCueCharacters);
      if (index > 0) expect(cue.startMs).toBe(cues[index - 1]?.endMs);
    }
  });

  it('splits text written without spaces between characters', () => {
    const text = '我们讨论了预算'.repeat(20);
    const cues = cuesOf([segment(0, text, 0, 6_000)]);
    expect(cues.length).toBe(2);
    expect(cues.map((cue) => cue.text).join('')).toBe(text);
    expect(cues.map((cue) => [cue.startMs, cue.endMs])).toEqual([
      [0, 3_000],
      [3_000, 6_000],
    ]);
  });

  it('leaves out empty segments and a blank speaker', () => {
    expect(cuesOf([segment(0, '   ', 0, 1), segment(1, 'Hi', 0, 500, '  ')])).toEqual([
      { startMs: 0, endMs: 500, text: 'Hi', speaker: null },
    ]);
  });
});

describe('SubRip', () => {
  it('numbers cues, uses commas before milliseconds and puts the speaker before the text', () => {
    expect(toSrt([segment(0, 'Good morning.', 1_000, 4_000, 'Ana'), segment(1, 'Hi.', 4_250, 5_005)])).toBe(
      '1\n00:00:01,000 --> 00:00:04,000\nAna: Good morning.\n\n2\n00:00:04,250 --> 00:00:05,005\nHi.\n',
    );
  });

  it('is empty for an empty transcript', () => {
    expect(toSrt([])).toBe('');
  });
});

describe('WebVTT', () => {
  it('starts with the header, uses dots before milliseconds and voice tags for speakers', () => {
    expect(
      toVtt([segment(0, 'Good morning.', 1_000, 4_000, 'Ana'), segment(1, 'Hi.', 3_723_000, 3_724_500)]),
    ).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>Good morning.\n\n01:02:03.000 --> 01:02:04.500\nHi.\n',
    );
  });

  it('escapes markup in the text and the speaker', () => {
    expect(toVtt([segment(0, 'a <b> & c --> d', 0, 1_000, 'R&D <team>')])).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<v R&amp;D &lt;team&gt;>a &lt;b&gt; &amp; c --&gt; d\n',
    );
  });

  it('is only the header for an empty transcript', () => {
    expect(toVtt([])).toBe('WEBVTT\n');
  });
});
