/**
 * ISO 8601 date-times that always carry their UTC offset. Backups show local wall-clock time, so a
 * person reading the file sees when the session happened where it was recorded, and the offset
 * keeps the instant exact on any other machine.
 */

const millisecondsPerMinute = 60_000;

/**
 * Formats an instant as `2026-11-22T09:15:00.000+08:00`. The offset defaults to this machine's
 * offset at that instant (so daylight saving time is right for old dates too); UTC is written
 * `+00:00` rather than `Z` for uniformity.
 */
export function formatWithOffset(
  epochMilliseconds: number,
  offsetMinutes: number = -new Date(epochMilliseconds).getTimezoneOffset(),
): string {
  const wallClock = new Date(epochMilliseconds + offsetMinutes * millisecondsPerMinute).toISOString();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  const hours = String(Math.floor(magnitude / 60)).padStart(2, '0');
  const minutes = String(magnitude % 60).padStart(2, '0');
  return `${wallClock.slice(0, -1)}${sign}${hours}:${minutes}`;
}

// Extended format only: date, `T`, hours and minutes, optional seconds and fraction, then `Z` or an
// offset as ±hh, ±hhmm or ±hh:mm. A time without an offset names no instant, so it is refused.
const offsetTimestampPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:Z|([+-])(\d{2})(?::?(\d{2}))?)$/;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return lastDay.getUTCDate();
}

/** The instant in epoch milliseconds, or undefined when the text is not such a timestamp. */
export function parseOffsetTimestamp(text: string): number | undefined {
  const match = offsetTimestampPattern.exec(text);
  if (match === null) return undefined;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fractionText] = match;
  const [offsetSign, offsetHourText, offsetMinuteText] = match.slice(8);
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText ?? 0);
  // Digits past milliseconds are truncated: the store keeps milliseconds.
  const millisecond = Number((fractionText ?? '').slice(0, 3).padEnd(3, '0'));
  const offsetHours = Number(offsetHourText ?? 0);
  const offsetMinutes = Number(offsetMinuteText ?? 0);
  const isInRange =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59;
  if (!isInRange) return undefined;
  // setUTCFullYear rather than Date.UTC, which would read years 0–99 as 1900–1999.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute, second, millisecond);
  const offset = (offsetSign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return instant.getTime() - offset * millisecondsPerMinute;
}
