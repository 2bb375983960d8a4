/** The bytes a `Range` header asks for, inclusive; `unsatisfiable` when none of them exist. */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * Reads a single `bytes=` range (RFC 9110 §14.1.2) against a file of `size` bytes: `start-end`,
 * `start-` and the suffix form `-length`. Anything else (several ranges, another unit) is answered
 * with the whole file, which the RFC allows, so undefined.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (match === null) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? undefined : { start, end };
}
