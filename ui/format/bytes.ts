const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 148_000_000 → "148 MB": file and model sizes, in decimal units as vendors list them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
