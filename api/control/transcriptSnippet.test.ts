import { describe, expect, it } from 'vitest';
import { snippetLength, transcriptSnippet } from './transcriptSnippet.ts';

const words = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => `w${from + index}`).join(' ');

describe('transcriptSnippet', () => {
  it('is the whole transcript when it is short, with no ellipsis', () => {
    expect(transcriptSnippet('We discussed the Q3 budget.', 'BUDGET')).toBe('We discussed the Q3 budget.');
  });

  it('is null when the transcript does not contain the text, or the text is blank', () => {
    expect(transcriptSnippet('We discussed the budget.', 'forecast')).toBeNull();
    expect(transcriptSnippet('We discussed the budget.', '  ')).toBeNull();
  });

  it('centres the first match in about 160 characters cut between words, marked with ellipses', () => {
    const transcript = `${words(0, 100)} the budget ${words(100, 200)} budget again`;
    const snippet = transcriptSnippet(transcript, 'Budget') ?? '';
    expect(snippet).toMatch(/^…w\d+ .* the budget .* w\d+…$/);
    expect(snippet.length).toBeLessThanOrEqual(snippetLength + 2);
    expect(snippet.length).toBeGreaterThan(snippetLength - 45);
    const before = snippet.indexOf('the budget');
    const after = snippet.length - before - 'the budget'.length;
    expect(Math.abs(before - after)).toBeLessThan(40);
    expect(transcript).toContain(snippet.slice(1, -1));
  });

  it('leaves no ellipsis on the side where the transcript ends', () => {
    const transcript = `Budget first. ${words(0, 100)}`;
    const snippet = transcriptSnippet(transcript, 'budget') ?? '';
    expect(snippet.startsWith('Budget first. w0 w1')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });

  it('takes the search text literally and matches any script without case', () => {
    expect(transcriptSnippet('Cost (est.) is 3+4 units.', '(EST.)')).toBe('Cost (est.) is 3+4 units.');
    expect(transcriptSnippet('ÉCOLE ÜBER ALLES', 'über')).toBe('ÉCOLE ÜBER ALLES');
    expect(transcriptSnippet('我们讨论了预算', '预算')).toBe('我们讨论了预算');
  });

  it('never cuts a character made of two UTF-16 units in half', () => {
    const transcript = `${'😀'.repeat(200)}needle${'😀'.repeat(200)}`;
    const snippet = transcriptSnippet(transcript, 'needle') ?? '';
    expect(snippet).toContain('needle');
    // A lone surrogate does not survive UTF-8: it comes back as U+FFFD.
    expect(Buffer.from(snippet, 'utf8').toString('utf8')).toBe(snippet);
  });
});
