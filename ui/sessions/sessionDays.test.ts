import { describe, expect, it } from 'vitest';
import { groupByDay } from './sessionDays.ts';

/** Local times, so the tests hold in any time zone. */
const at = (month: number, day: number, hour: number, year = 2026) =>
  new Date(year, month - 1, day, hour).getTime();
const now = at(11, 25, 9);
const labelsAndIds = (sessions: Array<{ id: string; startedAt: number }>) =>
  groupByDay(sessions, now, 'en-GB').map((day) => [day.label, day.sessions.map((session) => session.id)]);

describe('sessions grouped by day', () => {
  it('says Today and Yesterday, then writes the date, keeping the order given', () => {
    expect(
      labelsAndIds([
        { id: 'morning', startedAt: at(11, 25, 8) },
        { id: 'just after midnight', startedAt: at(11, 25, 0) },
        { id: 'last night', startedAt: at(11, 24, 23) },
        { id: 'monday', startedAt: at(11, 23, 10) },
      ]),
    ).toEqual([
      ['Today', ['morning', 'just after midnight']],
      ['Yesterday', ['last night']],
      ['Monday 23 November', ['monday']],
    ]);
  });

  it('names the year of a day in another year', () => {
    expect(labelsAndIds([{ id: 'old', startedAt: at(12, 31, 18, 2025) }])).toEqual([
      ['Wednesday, 31 December 2025', ['old']],
    ]);
  });

  it('finds yesterday across the start of a month', () => {
    const firstOfMonth = at(12, 1, 9);
    const days = groupByDay([{ startedAt: at(11, 30, 22) }], firstOfMonth, 'en-GB');
    expect(days.map((day) => day.label)).toEqual(['Yesterday']);
  });

  it('gives a day met again after another its own heading rather than reordering', () => {
    expect(
      labelsAndIds([
        { id: 'a', startedAt: at(11, 25, 8) },
        { id: 'b', startedAt: at(11, 23, 8) },
        { id: 'c', startedAt: at(11, 25, 7) },
      ]).map(([label]) => label),
    ).toEqual(['Today', 'Monday 23 November', 'Today']);
  });

  it('is nothing for no sessions', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});
