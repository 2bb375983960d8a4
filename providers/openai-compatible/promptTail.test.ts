import { expect, it } from 'vitest';
import { promptTail } from './promptTail.ts';

it('sends nothing for a missing or blank prompt', () => {
  expect(promptTail(undefined)).toBeUndefined();
  expect(promptTail('  ')).toBeUndefined();
});

it('keeps the last 800 characters of a long prompt, starting at a whole word', () => {
  const long = Array.from({ length: 300 }, (_, index) => `w${index}`).join(' ');
  const tail = promptTail(long) ?? '';
  expect(tail.length).toBeLessThanOrEqual(800);
  expect(long.endsWith(tail)).toBe(true);
  expect(long.split(' ')).toContain(tail.split(' ')[0]);
});

it('cuts text without spaces at the character limit', () => {
  expect(promptTail('字'.repeat(1_000))).toBe('字'.repeat(800));
});
