import { describe, expect, it } from 'vitest';
import { createZonedClock } from '../../api/zonedTime.ts';
import { libraryAskRequest, libraryCitationLines, refuseLibraryOptions } from './libraryQuestion.ts';
import { UsageError } from './usage.ts';

describe('earshot ask --all', () => {
  it('shows each citation with its passage, session, day, time, speaker and session id', () => {
    const clock = createZonedClock('Europe/Berlin');
    const base = {
      sessionId: 's-1',
      sessionTitle: 'March planning',
      // 23:30 UTC on 3 March is already 4 March in Berlin.
      sessionStartedAt: Date.UTC(2026, 2, 3, 23, 30),
      endMs: 0,
      quote: 'The budget stays.',
    };
    expect(
      libraryCitationLines(
        [
          { ...base, passage: 1, startMs: 30_000, speaker: null },
          {
            ...base,
            passage: 3,
            startMs: 3_725_000,
            speaker: 'Ana',
            sessionId: 's-2',
            sessionTitle: 'Review',
          },
        ],
        clock,
      ),
    ).toEqual([
      '[1] March planning (2026-03-04) [0:30] The budget stays. (session s-1)',
      '[3] Review (2026-03-04) [1:02:05] Ana: The budget stays. (session s-2)',
    ]);
  });

  it('takes the question and what narrows it, and refuses what it cannot send', () => {
    expect(
      libraryAskRequest('Budget?', {
        topic: ' Work ',
        tag: 'Q3',
        since: '2026-11-01',
        until: '2026-11-30',
        ai: 'local',
      }),
    ).toEqual({
      question: 'Budget?',
      topic: 'Work',
      tag: 'Q3',
      from: '2026-11-01',
      to: '2026-11-30',
      aiProvider: 'local',
    });
    expect(() => libraryAskRequest('', {})).toThrow(UsageError);
    expect(() => libraryAskRequest('Budget?', { since: 'yesterday' })).toThrow(
      '--since needs a day as YYYY-MM-DD (or a time as 2026-11-02T09:00:00Z).',
    );
    expect(() => libraryAskRequest('Budget?', { tag: ' ' })).toThrow('--tag needs a value.');
    expect(() => refuseLibraryOptions({ topic: 'Work', until: '2026-11-30' })).toThrow(
      '--topic, --until narrow a question asked of the library: use them with --all.',
    );
    expect(() => refuseLibraryOptions({ ai: 'local' })).not.toThrow();
  });
});
