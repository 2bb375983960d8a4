import { z } from 'zod';

/**
 * The opaque cursors of paged answers: where the next page starts, and what was paged, so a
 * cursor handed to another tool or another list is refused rather than misread.
 */
const cursorSchema = z.object({ list: z.string(), from: z.int().min(0) });

export function encodeCursor(list: string, from: number): string {
  return Buffer.from(JSON.stringify({ list, from }), 'utf8').toString('base64url');
}

/** Where the page starts: 0 without a cursor; undefined for a cursor this list did not give. */
export function decodeCursor(list: string, cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return 0;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success && parsed.data.list === list ? parsed.data.from : undefined;
  } catch {
    return undefined;
  }
}
