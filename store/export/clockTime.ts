/**
 * Times in a transcript as people and subtitle players read them: `hh:mm:ss`, then the
 * milliseconds after the separator the format wants (`,` for SubRip, `.` for WebVTT). Hours run
 * past 99 rather than wrap, so a long recording never shows an earlier time.
 */
export function clockTime(milliseconds: number, fractionSeparator?: ',' | '.'): string {
  const whole = Math.max(0, Math.round(milliseconds));
  const totalSeconds = Math.floor(whole / 1000);
  const hours = String(Math.floor(totalSeconds / 3600)).padStart(2, '0');
  const minutes = String(Math.floor((totalSeconds % 3600) / 60)).padStart(2, '0');
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  const clock = `${hours}:${minutes}:${seconds}`;
  return fractionSeparator === undefined
    ? clock
    : `${clock}${fractionSeparator}${String(whole % 1000).padStart(3, '0')}`;
}
