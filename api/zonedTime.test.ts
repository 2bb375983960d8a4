import { describe, expect, it } from 'vitest';

import { createZonedClock, localTimeZone } from './zonedTime.ts';

describe('createZonedClock', () => {
  it('gives the local calendar date, not the UTC one, just after midnight', () => {
    const shanghai = createZonedClock('Asia/Shanghai');
    expect(shanghai(Date.UTC(2024, 2, 10, 16, 30))).toStrictEqual({
      date: '2024-03-11',
      time: '00:30',
      timestamp: '2024-03-11T00:30:00.000+08:00',
    });
  });

  it('writes the hour after midnight as 00, never 24', () => {
    const clock = createZonedClock('UTC');
    for (let minute = 0; minute < 60; minute += 7) {
      expect(clock(Date.UTC(2024, 0, 1, 0, minute)).time).toBe(`00:${String(minute).padStart(2, '0')}`);
    }
    expect(clock(Date.UTC(2024, 0, 1)).timestamp).toBe('2024-01-01T00:00:00.000+00:00');
  });

  it('follows daylight saving time on both sides of the change', () => {
    const newYork = createZonedClock('America/New_York');
    expect(newYork(Date.UTC(2024, 2, 10, 6, 59, 59, 999)).timestamp).toBe('2024-03-10T01:59:59.999-05:00');
    expect(newYork(Date.UTC(2024, 2, 10, 7, 0))).toStrictEqual({
      date: '2024-03-10',
      time: '03:00',
      timestamp: '2024-03-10T03:00:00.000-04:00',
    });
    expect(newYork(Date.UTC(2024, 10, 3, 5, 30)).timestamp).toBe('2024-11-03T01:30:00.000-04:00');
    expect(newYork(Date.UTC(2024, 10, 3, 6, 30)).timestamp).toBe('2024-11-03T01:30:00.000-05:00');
  });

  it('writes offsets that are not whole hours', () => {
    expect(createZonedClock('Asia/Kolkata')(Date.UTC(2024, 0, 1)).timestamp).toBe(
      '2024-01-01T05:30:00.000+05:30',
    );
    expect(createZonedClock('Asia/Kathmandu')(Date.UTC(2024, 0, 1)).timestamp).toBe(
      '2024-01-01T05:45:00.000+05:45',
    );
    expect(createZonedClock('America/St_Johns')(Date.UTC(2024, 0, 1)).timestamp).toBe(
      '2023-12-31T20:30:00.000-03:30',
    );
  });

  it('produces timestamps that name exactly the same instant', () => {
    const zones = ['Asia/Shanghai', 'America/Los_Angeles', 'Europe/London', 'Pacific/Chatham', 'UTC'];
    const instants = [
      0,
      Date.UTC(2024, 1, 29, 23, 59, 59, 1),
      Date.UTC(2030, 6, 1, 12, 0, 0, 999),
      1_000_000_000_123,
    ];
    for (const zone of zones) {
      const clock = createZonedClock(zone);
      for (const instant of instants) {
        const moment = clock(instant);
        expect(Date.parse(moment.timestamp), `${zone} ${instant}`).toBe(instant);
        expect(moment.timestamp.startsWith(`${moment.date}T${moment.time}:`)).toBe(true);
      }
    }
  });

  it('rounds historical offsets with seconds to minutes but keeps the instant exact', () => {
    // Before 1901 Shanghai used local mean time, +08:05:43.
    const instant = Date.UTC(1890, 0, 1, 0, 0, 0);
    const moment = createZonedClock('Asia/Shanghai')(instant);
    expect(moment.timestamp).toMatch(/\+08:06$/);
    expect(Date.parse(moment.timestamp)).toBe(instant);
  });

  it('refuses an unknown zone', () => {
    expect(() => createZonedClock('Not/A_Zone')).toThrow(RangeError);
  });

  it('knows the process zone', () => {
    expect(() => createZonedClock(localTimeZone())).not.toThrow();
  });
});
