import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

export const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));

/**
 * Replaces the figures between one benchmark's markers in bench/README.md (`<!-- bench:NAME
 * figures start -->` … `end -->`) and leaves the hand-written text around them, and every other
 * benchmark's figures, alone, so the explanations can be edited without being overwritten by the
 * next run. Prettier lays out the result, so the committed file passes `prettier --check` as written.
 */
export async function writeReadmeFigures(benchmark: string, markdown: string): Promise<void> {
  const start = `<!-- bench:${benchmark} figures start -->`;
  const end = `<!-- bench:${benchmark} figures end -->`;
  const readme = readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${readmePath} lacks the markers ${start} … ${end}.`);
  const updated = `${readme.slice(0, from + start.length)}\n\n${markdown}\n\n${readme.slice(to)}`;
  const options = (await resolveConfig(readmePath)) ?? {};
  writeFileSync(readmePath, await format(updated, { ...options, filepath: readmePath }));
}
