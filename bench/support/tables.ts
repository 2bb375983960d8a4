/** One table, rendered either for a terminal or for Markdown, so both show the same figures. */
export interface Table {
  headers: string[];
  rows: string[][];
  /** Columns (by index) of numbers, aligned right. */
  numericColumns: number[];
}

export function renderTextTable(table: Table): string {
  const widths = table.headers.map((header, column) =>
    Math.max(header.length, ...table.rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return table.numericColumns.includes(column) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [line(table.headers), line(widths.map((width) => '-'.repeat(width))), ...table.rows.map(line)].join(
    '\n',
  );
}

export function renderMarkdownTable(table: Table): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  const separator = table.headers.map((_header, column) =>
    table.numericColumns.includes(column) ? '--:' : '---',
  );
  return [table.headers, separator, ...table.rows]
    .map((cells) => `| ${cells.map(escape).join(' | ')} |`)
    .join('\n');
}
