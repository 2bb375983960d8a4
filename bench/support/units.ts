/** Decimal units throughout, as in the targets ("1 GB"). */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1e6).toLocaleString('en-US')} MB`;
}

export function milliseconds(value: number): string {
  return value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value).toLocaleString('en-US')} ms`;
}

export function wholeNumber(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Autocannon's latencies are whole milliseconds; 0 means the request took less than one. */
export function latency(value: number): string {
  return value === 0 ? '<1' : wholeNumber(value);
}

export function duration(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Nearest rank: the smallest value at least `fraction` of the values are no greater than; 0 for none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
}

/** Seconds with one decimal at any length ("64.8 s"), where `duration` would round to whole ones. */
export function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
}
