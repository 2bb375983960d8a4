import { renderMarkdownTable, renderTextTable, type Table } from './tables.ts';

/** One titled part of a benchmark's report: a few lines of context, then perhaps a table. */
export interface Section {
  title: string;
  lines: string[];
  table?: Table;
}

/** The report for a terminal. */
export function textReport(sections: readonly Section[]): string {
  return sections
    .map(({ title, lines, table }) =>
      [
        title,
        '='.repeat(title.length),
        ...lines,
        ...(table === undefined ? [] : [renderTextTable(table)]),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The same report as Markdown, for bench/README.md. */
export function markdownReport(sections: readonly Section[]): string {
  return sections
    .map(({ title, lines, table }) =>
      [
        `#### ${title}`,
        '',
        ...lines.map((line) => `- ${line}`),
        ...(table === undefined ? [] : ['', renderMarkdownTable(table)]),
      ].join('\n'),
    )
    .join('\n\n');
}
