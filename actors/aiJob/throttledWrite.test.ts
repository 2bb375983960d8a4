import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ThrottledWrite } from './throttledWrite.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('writes the first request at once and folds later ones into one write per interval, of the newest', () => {
  let text = '';
  const written: string[] = [];
  const writes = new ThrottledWrite(250, () => written.push(text));
  for (const piece of ['It ', 'was ', 'agreed ', 'on ', 'Friday.']) {
    text += piece;
    writes.request();
    vi.advanceTimersByTime(100);
  }
  expect(written).toEqual(['It ', 'It was agreed ', 'It was agreed on Friday.']);
  vi.advanceTimersByTime(1_000);
  expect(written).toHaveLength(3);
});

it('writes at once when asked, and drops a waiting write on cancel', () => {
  let text = 'first';
  const written: string[] = [];
  const writes = new ThrottledWrite(250, () => written.push(text));
  writes.request();
  text = 'second';
  writes.request();
  writes.cancel();
  vi.advanceTimersByTime(1_000);
  expect(written).toEqual(['first']);
  text = '';
  writes.writeNow();
  expect(written).toEqual(['first', '']);
});
