import { describe, expect, it } from 'vitest';
import { transcriptOpening } from './transcriptOpening.ts';
import { snippetLength } from '../../store/textWindow.ts';

describe("a transcript's opening", () => {
  it('is a short transcript whole, without its surrounding spaces', () => {
    expect(transcriptOpening('  We discussed the Q3 budget. ')).toBe('We discussed the Q3 budget.');
  });

  it('is nothing for an empty transcript', () => {
    expect(transcriptOpening('')).toBeNull();
    expect(transcriptOpening('   ')).toBeNull();
  });

  it('cuts a long transcript between words, with an ellipsis', () => {
    const transcript = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const opening = transcriptOpening(transcript) ?? '';
    expect(opening).toMatch(/^word0 word1 .* word\d+…$/);
    expect(opening.length).toBeLessThanOrEqual(snippetLength + 1);
    expect(transcript.startsWith(opening.slice(0, -1) + ' ')).toBe(true);
  });

  it('cuts text written without spaces by whole characters', () => {
    const chinese = '大家早上好今天我们讨论发布计划😀'.repeat(20);
    expect(transcriptOpening(chinese)).toBe(`${Array.from(chinese).slice(0, snippetLength).join('')}…`);
  });
});
