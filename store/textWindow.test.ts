import { describe, expect, it } from 'vitest';
import { snippetLength, windowAround } from './textWindow.ts';

const words = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => `w${from + index}`).join(' ');

/** The window around the first occurrence of `match` in `text`. */
const around = (text: string, match: string) =>
  windowAround(text, text.indexOf(match), text.indexOf(match) + match.length);

describe('the window of a text around a match', () => {
  it('is the whole text when it is short, with no ellipsis', () => {
    expect(around('We discussed the Q3 budget.', 'budget').text).toBe('We discussed the Q3 budget.');
  });

  it('centres the match in about 160 characters cut between words, marked with ellipses', () => {
    const text = `${words(0, 100)} the budget ${words(100, 200)} budget again`;
    const found = around(text, 'the budget');
    const window = found.text;
    expect(window).toMatch(/^…w\d+ .* the budget .* w\d+…$/);
    expect(window.length).toBeLessThanOrEqual(snippetLength + 2);
    expect(window.length).toBeGreaterThan(snippetLength - 45);
    const before = window.indexOf('the budget');
    const after = window.length - before - 'the budget'.length;
    expect(Math.abs(before - after)).toBeLessThan(40);
    expect(text).toContain(window.slice(1, -1));
    expect(found.positionOf(text.indexOf('the budget'))).toBe(before);
  });

  it('leaves no ellipsis on the side where the text ends', () => {
    const { text } = around(`Budget first. ${words(0, 100)}`, 'Budget');
    expect(text.startsWith('Budget first. w0 w1')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });

  it('never cuts a character made of two UTF-16 units in half', () => {
    const { text } = around(`${'😀'.repeat(200)}needle${'😀'.repeat(200)}`, 'needle');
    expect(text).toContain('needle');
    // A lone surrogate does not survive UTF-8: it comes back as U+FFFD.
    expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
  });
});
