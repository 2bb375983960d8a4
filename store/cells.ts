import type { Row } from 'tinybase';

/** Reads a cell that the store always writes as a string; anything else reads as ''. */
export function textCell(row: Row, cellId: string): string {
  const cell = row[cellId];
  return typeof cell === 'string' ? cell : '';
}

export function optionalTextCell(row: Row, cellId: string): string | null {
  const cell = row[cellId];
  return typeof cell === 'string' ? cell : null;
}
