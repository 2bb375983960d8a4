import { formatWithOffset } from '../store/offsetTimestamp.ts';

/** A moment as a person in one time zone reads it. */
export interface ZonedMoment {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
  /** ISO 8601 with the zone's offset, e.g. 2024-03-11T00:30:00.000+08:00 */
  timestamp: string;
}

export type ZonedClock = (epochMs: number) => ZonedMoment;

const offsetsKept = 10_000;

export function localTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Builds the formatter once; throws a RangeError for a zone name Intl does not know, so a bad
 * setting fails at start-up instead of on every request.
 *
 * Date, time and offset all come from one offset computation so they can never disagree (the
 * reference app took the date in UTC and the time in local time).
 */
export function createZonedClock(timeZone: string): ZonedClock {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    // 'h23' rather than hour12:false, which some ICU versions render as "24:05" after midnight.
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

  // Working out an offset costs a formatToParts; lists show the same sessions again and again, and
  // an instant's offset never changes.
  const offsets = new Map<number, number>();
  const offsetAt = (epochMs: number) => {
    let offset = offsets.get(epochMs);
    if (offset === undefined) {
      if (offsets.size >= offsetsKept) offsets.clear();
      offset = zoneOffsetMinutes(formatter, epochMs);
      offsets.set(epochMs, offset);
    }
    return offset;
  };

  return (epochMs) => {
    const timestamp = formatWithOffset(epochMs, offsetAt(epochMs));
    // YYYY-MM-DDTHH:MM:SS.sss±hh:mm: the date and the time are its local wall-clock parts.
    return { date: timestamp.slice(0, 10), time: timestamp.slice(11, 16), timestamp };
  };
}

/**
 * Whole minutes, because ISO 8601 offsets have no seconds; only pre-1900 local mean times have
 * second-level offsets, and rounding them keeps the timestamp naming the exact same instant.
 */
function zoneOffsetMinutes(formatter: Intl.DateTimeFormat, epochMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wallClockAsUtc = new Date(0);
  wallClockAsUtc.setUTCFullYear(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1);
  wallClockAsUtc.setUTCHours((parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0, 0);
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return Math.round((wallClockAsUtc.getTime() - wholeSecond) / 60_000);
}
