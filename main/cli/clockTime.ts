/** A time in a session as people read it: m:ss, or h:mm:ss from the first hour on. */
export function clockTime(milliseconds: number): string {
  const seconds = Math.floor(milliseconds / 1000);
  const hours = Math.floor(seconds / 3600);
  const secondsText = String(seconds % 60).padStart(2, '0');
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${secondsText}`
    : `${minutes}:${secondsText}`;
}
