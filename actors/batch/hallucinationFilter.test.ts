import { describe, expect, it } from 'vitest';
import { filterHallucinations, type SpeechCheck } from './hallucinationFilter.ts';
import type { WindowPass, WindowSegment } from './windowTranscript.ts';

/** Speech was heard from 0 to 3 s of the session only. */
const speechUntil3s: SpeechCheck = (startMs, endMs) => startMs < 3_000 && endMs > 0;

function pass(...segments: WindowSegment[]): WindowPass {
  return { windowStartMs: 0, windowEndMs: 10_000, segments, language: 'en' };
}

function segment(text: string, startMs: number, endMs: number): WindowSegment {
  return { text, startMs, endMs };
}

function texts(filtered: WindowPass): string[] {
  return filtered.segments.map((kept) => kept.text);
}

describe('filterHallucinations', () => {
  describe('phrases recognisers write over silence', () => {
    it.each([
      ' Thank you.',
      ' Thanks for watching!',
      ' Subtitles by the Amara.org community',
      ' Please subscribe.',
      ' you',
      ' Thank you. Thank you.',
      '字幕由Amara.org社区提供',
      '请不吝点赞 订阅 转发 打赏支持明镜与点点栏目',
      'ご視聴ありがとうございました',
      ' Untertitel im Auftrag des ZDF, 2017',
    ])('drops %j after the speaker stopped', (text) => {
      const filtered = filterHallucinations(
        pass(segment(' Ask not.', 0, 2_800), segment(text, 4_000, 7_000)),
        speechUntil3s,
      );
      expect(texts(filtered)).toEqual([' Ask not.']);
    });

    it('keeps them when they were said: speech under the segment', () => {
      const filtered = filterHallucinations(pass(segment(' Thank you.', 2_000, 2_900)), speechUntil3s);
      expect(texts(filtered)).toEqual([' Thank you.']);
    });

    it('keeps them when the whole window had speech and no finer answer is given', () => {
      const filtered = filterHallucinations(pass(segment(' Thank you.', 4_000, 5_000)), true);
      expect(texts(filtered)).toEqual([' Thank you.']);
    });

    it('keeps a sentence that only contains one', () => {
      const said = segment(' I said thank you and left.', 4_000, 6_000);
      expect(texts(filterHallucinations(pass(said), false))).toEqual([said.text]);
    });
  });

  describe('non-speech tags', () => {
    it.each([
      ' [BLANK_AUDIO]',
      ' (music)',
      ' [Music]',
      ' ♪',
      ' ♪♪',
      ' [ Silence ]',
      '(upbeat music)',
      ' *laughs*',
      '【音楽】',
    ])('drops %j even where there was sound', (text) => {
      const filtered = filterHallucinations(
        pass(segment(text, 0, 2_000), segment(' Ask not.', 2_000, 2_800)),
        true,
      );
      expect(texts(filtered)).toEqual([' Ask not.']);
    });

    it('keeps a tag inside words and plain punctuation', () => {
      const kept = [segment(' So [inaudible] we went.', 0, 2_000), segment(' ...', 2_000, 2_500)];
      expect(texts(filterHallucinations(pass(...kept), true))).toEqual([kept[0]?.text, kept[1]?.text]);
    });
  });

  describe('repetition loops', () => {
    it('cuts a loop inside a segment, in its text and in its timed words alike', () => {
      const words = ['the', 'the', 'the', 'the', 'the', 'the', 'the'].map((text, index) => ({
        text: ` ${text}`,
        startMs: 1_000 + index * 200,
        endMs: 1_200 + index * 200,
      }));
      const looped = {
        ...segment(' Ask the the the the the the the', 0, 2_600),
        words: [{ text: ' Ask', startMs: 0, endMs: 900 }, ...words],
      };
      const [kept] = filterHallucinations(pass(looped), speechUntil3s).segments;
      expect(kept?.text).toBe(' Ask the');
      expect(kept?.words?.map((word) => word.text)).toEqual([' Ask', ' the']);
      expect(kept?.startMs).toBe(0);
    });

    it('keeps the first of a segment repeated over the silence after it', () => {
      const filtered = filterHallucinations(
        pass(
          segment(' We choose to go to the moon.', 0, 2_800),
          segment(' We choose to go to the moon.', 2_800, 5_000),
          segment(' We choose to go to the moon.', 5_000, 7_000),
          segment(' We choose to go to the moon.', 7_000, 9_000),
        ),
        speechUntil3s,
      );
      expect(filtered.segments).toEqual([segment(' We choose to go to the moon.', 0, 2_800)]);
    });

    it('drops a repeated silence phrase altogether', () => {
      const thanks = [4_000, 5_000, 6_000, 7_000].map((startMs) =>
        segment(' Thank you.', startMs, startMs + 1_000),
      );
      expect(
        filterHallucinations(pass(segment(' Ask not.', 0, 2_800), ...thanks), speechUntil3s).segments,
      ).toHaveLength(1);
    });
  });

  it('passes ordinary speech through unchanged, down to the same objects', () => {
    const speech = pass(
      segment(' And so, my fellow Americans,', 0, 2_300),
      {
        ...segment(' ask not what your country can do for you,', 3_300, 6_000),
        words: [{ text: ' ask', startMs: 3_300, endMs: 3_500 }],
      },
      segment(' yes yes, no, no, no.', 6_000, 8_000),
      segment('谢谢大家。', 8_000, 9_000),
    );
    const filtered = filterHallucinations(speech, (startMs) => startMs < 9_000);
    expect(filtered).toEqual(speech);
    filtered.segments.forEach((kept, index) => expect(kept).toBe(speech.segments[index]));
  });
});
