import { expect, it } from 'vitest';
import { transcriptionPrompt } from './transcriptionPrompt.ts';

it('sends nothing for a missing or blank prompt without vocabulary', () => {
  expect(transcriptionPrompt(undefined, undefined)).toBeUndefined();
  expect(transcriptionPrompt('  ', [])).toBeUndefined();
});

it('keeps the last 800 characters of a long prompt, starting at a whole word', () => {
  const long = Array.from({ length: 300 }, (_, index) => `w${index}`).join(' ');
  const tail = transcriptionPrompt(long, []) ?? '';
  expect(tail.length).toBeLessThanOrEqual(800);
  expect(long.endsWith(tail)).toBe(true);
  expect(long.split(' ')).toContain(tail.split(' ')[0]);
});

it('cuts text without spaces at the character limit', () => {
  expect(transcriptionPrompt('字'.repeat(1_000), [])).toBe('字'.repeat(800));
});

it('puts the vocabulary first and gives the preceding text what is left of the 800 characters', () => {
  const long = Array.from({ length: 300 }, (_, index) => `w${index}`).join(' ');
  const prompt = transcriptionPrompt(long, ['Earshot', 'Kelly Byrne-Donoghue']) ?? '';
  expect(prompt.startsWith('Earshot, Kelly Byrne-Donoghue. ')).toBe(true);
  expect(prompt.length).toBeLessThanOrEqual(800);
  expect(long.endsWith(prompt.slice('Earshot, Kelly Byrne-Donoghue. '.length))).toBe(true);
});

it('keeps at most 400 characters of terms, so the preceding text is never crowded out', () => {
  const terms = Array.from({ length: 100 }, (_, index) => `Term${index}`);
  const prompt = transcriptionPrompt('what was said before', terms) ?? '';
  expect(prompt.endsWith(' what was said before')).toBe(true);
  expect(prompt.length - ' what was said before'.length).toBeLessThanOrEqual(401 + 2 * 100);
  expect(prompt).not.toContain('Term99');
});
