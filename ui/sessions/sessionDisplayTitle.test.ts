import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../format/time.ts';
import { sessionDisplayTitle } from './sessionDisplayTitle.ts';

const startedAt = Date.UTC(2026, 10, 25, 14, 5);
const untitled = { title: '', startedAt };
const segments = (...texts: string[]) => texts.map((text) => ({ text }));

describe('a session as it is called on screen', () => {
  it('is its title when it has one', () => {
    expect(sessionDisplayTitle({ title: 'Budget review', startedAt }, segments('Hello.'))).toBe(
      'Budget review',
    );
  });

  it('is its start time and first words without a title, cut between words', () => {
    expect(
      sessionDisplayTitle(
        untitled,
        segments('And so my fellow Americans,', 'ask not what your country can do for you'),
      ),
    ).toBe(`${formatDateTime(startedAt)} — And so my fellow Americans, ask not what…`);
  });

  it('shows a short transcript whole, without an ellipsis', () => {
    expect(sessionDisplayTitle(untitled, segments('  Hello ', 'there.'))).toBe(
      `${formatDateTime(startedAt)} — Hello there.`,
    );
  });

  it('treats a title of spaces as none', () => {
    expect(sessionDisplayTitle({ title: '  ', startedAt }, segments('Hello.'))).toBe(
      `${formatDateTime(startedAt)} — Hello.`,
    );
  });

  it('cuts text written without spaces by characters', () => {
    const chinese =
      '大家早上好今天我们讨论发布计划然后再看预算和人员安排最后确定下一次会议的时间和地点以及负责人';
    expect(sessionDisplayTitle(untitled, segments(chinese))).toBe(
      `${formatDateTime(startedAt)} — ${Array.from(chinese).slice(0, 40).join('')}…`,
    );
  });

  it('is the start time alone without a transcript', () => {
    expect(sessionDisplayTitle(untitled)).toBe(formatDateTime(startedAt));
    expect(sessionDisplayTitle(untitled, segments(''))).toBe(formatDateTime(startedAt));
  });
});
