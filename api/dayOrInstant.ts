import { z } from 'zod';

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day (`2026-11-02`, in the service's time zone, which is the user's: it runs on their machine)
 * or an instant with its offset (`2026-11-02T09:00:00Z`), as the instant that starts it or, for
 * `end`, the last millisecond of a day; NaN for anything else.
 */
export function instantOf(text: string, end: boolean): number {
  const day = dayPattern.exec(text);
  if (day === null) return /T.*(Z|[+-]\d{2}:?\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  const [, year, month, date] = day.map(Number) as [number, number, number, number];
  const start = new Date(year, month - 1, date);
  if (start.getMonth() !== month - 1) return Number.NaN;
  return end ? new Date(year, month - 1, date + 1).getTime() - 1 : start.getTime();
}

/** An optional field holding a day or an instant, as `instantOf` reads them. */
export function dayOrInstantField(description: string) {
  return z
    .string()
    .refine((text) => Number.isFinite(instantOf(text, false)), {
      error: 'A day as YYYY-MM-DD, or a time as ISO 8601 with its offset (2026-11-02T09:00:00Z)',
    })
    .optional()
    .meta({ description });
}
