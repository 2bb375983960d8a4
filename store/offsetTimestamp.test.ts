import { describe, expect, it } from 'vitest';
import { formatWithOffset, parseOffsetTimestamp } from './offsetTimestamp.ts';

const instant = Date.UTC(2026, 10, 22, 1, 15, 0, 0);

describe('formatWithOffset', () => {
  it('writes local wall-clock time with the offset, not Z', () => {
    expect(formatWithOffset(instant, 480)).toBe('2026-11-22T09:15:00.000+08:00');
    expect(formatWithOffset(instant, 0)).toBe('2026-11-22T01:15:00.000+00:00');
    expect(formatWithOffset(instant, -210)).toBe('2026-11-21T21:45:00.000-03:30');
    expect(formatWithOffset(instant + 7, 345)).toBe('2026-11-22T07:00:00.007+05:45');
  });

  it("uses this machine's offset at that instant by default", () => {
    for (const moment of [instant, Date.UTC(2026, 6, 1, 12), Date.UTC(1999, 0, 1)]) {
      expect(formatWithOffset(moment)).toBe(formatWithOffset(moment, -new Date(moment).getTimezoneOffset()));
      expect(parseOffsetTimestamp(formatWithOffset(moment))).toBe(moment);
    }
  });

  it('reads back to the same instant for any offset', () => {
    for (const offset of [-720, -570, -60, 0, 330, 480, 525, 840]) {
      expect(parseOffsetTimestamp(formatWithOffset(instant + 123, offset))).toBe(instant + 123);
    }
  });
});

describe('parseOffsetTimestamp', () => {
  it.each([
    ['2026-11-22T09:15:00.000+08:00', instant],
    ['2026-11-22T01:15:00Z', instant],
    ['2026-11-22T09:15:00+0800', instant],
    ['2026-11-22T09:15+08', instant],
    ['2026-11-21T21:45:00-03:30', instant],
    ['2026-11-22T01:15:00.123456Z', instant + 123],
    ['2026-11-22T01:15:00,5Z', instant + 500],
    ['2028-02-29T00:00:00Z', Date.UTC(2028, 1, 29)],
  ])('reads %s', (text, expected) => {
    expect(parseOffsetTimestamp(text)).toBe(expected);
  });

  it('reads years before 100 as written, not as 19xx', () => {
    expect(new Date(parseOffsetTimestamp('0050-03-01T00:00:00Z') ?? Number.NaN).getUTCFullYear()).toBe(50);
  });

  it.each([
    '2026-11-22T09:15:00.000',
    '2026-11-22T09:15:00',
    '2026-11-22',
    '2026-11-22 09:15:00Z',
    '2026-02-29T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-31T00:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22T09:60:00Z',
    '2026-11-22T09:15:00+08:60',
    '2026-11-22T09:15:00.Z',
    'yesterday',
    '',
  ])('refuses %s', (text) => {
    expect(parseOffsetTimestamp(text)).toBeUndefined();
  });
});
