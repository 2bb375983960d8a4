import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../format/time.ts';
import { hasOwnTitle, sessionDisplayTitle } from './sessionDisplayTitle.ts';

const startedAt = Date.UTC(2026, 10, 25, 14, 5);
const untitled = { title: '', startedAt };
const segments = (...texts: string[]) => texts.map((text) => ({ text }));

describe('a session as it is called on screen', () => {
  it('is its title when it has one', () => {
    expect(sessionDisplayTitle({ title: 'Budget review', startedAt }, segments('Hello.'))).toBe(
      'Budget review',
    );
  });

  it('is the first words of its transcript without a title, cut between words', () => {
    expect(
      sessionDisplayTitle(
        untitled,
        segments('And so my fellow Americans,', 'ask not what your country can do for you'),
      ),
    ).toBe('And so my fellow Americans, ask not what…');
  });

  it('shows a short transcript whole, without an ellipsis', () => {
    expect(sessionDisplayTitle(untitled, segments('  Hello ', '', 'there.'))).toBe('Hello there.');
  });

  it('treats a title of spaces as none', () => {
    expect(sessionDisplayTitle({ title: '  ', startedAt }, segments('Hello.'))).toBe('Hello.');
  });

  it('cuts text written without spaces by characters', () => {
    const chinese =
      '大家早上好今天我们讨论发布计划然后再看预算和人员安排最后确定下一次会议的时间和地点以及负责人';
    expect(sessionDisplayTitle(untitled, segments(chinese))).toBe(
      `${Array.from(chinese).slice(0, 40).join('')}…`,
    );
  });

  it('says it is untitled, and when it started, while nothing has been said', () => {
    expect(sessionDisplayTitle(untitled)).toBe(`Untitled session · ${formatDateTime(startedAt)}`);
    expect(sessionDisplayTitle(untitled, segments(''))).toBe(
      `Untitled session · ${formatDateTime(startedAt)}`,
    );
  });

  it("names a live session by its words rather than the service's default title, in any locale", () => {
    for (const title of [
      'Live 11/25/2026, 7:47:34 PM',
      'Live 11/25/2026, 7:47:34\u202fPM',
      'Live 25.11.2026, 19:47:34',
      'Live 2026/11/25 19:47:34',
      'Live 2026. 11. 25. 오후 7:47:34',
    ]) {
      expect(hasOwnTitle(title)).toBe(false);
      expect(sessionDisplayTitle({ title, startedAt }, segments('Quarterly numbers first.'))).toBe(
        'Quarterly numbers first.',
      );
      expect(sessionDisplayTitle({ title, startedAt })).toBe(`Live session · ${formatDateTime(startedAt)}`);
    }
  });

  it('keeps a title the user chose even when it starts like the default', () => {
    for (const title of [
      'Live Q&A with the team',
      'Live 2026',
      'Live demo 11/25/2026, 7:47 PM',
      'meeting.mp3',
    ]) {
      expect(hasOwnTitle(title)).toBe(true);
      expect(sessionDisplayTitle({ title, startedAt }, segments('Hello.'))).toBe(title);
    }
  });
});
