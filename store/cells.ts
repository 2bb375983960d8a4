/** A TinyBase row or a SQLite result row: both are read by column name. */
type Cells = Readonly<Record<string, unknown>>;

/** Reads a cell that the store always writes as a string; anything else reads as ''. */
export function textCell(row: Cells, cellId: string): string {
  const cell = row[cellId];
  return typeof cell === 'string' ? cell : '';
}

export function optionalTextCell(row: Cells, cellId: string): string | null {
  const cell = row[cellId];
  return typeof cell === 'string' ? cell : null;
}
