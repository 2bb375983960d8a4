/**
 * How scripts/build-whisper-server.sh's output is read: its own steps start with "==> ", and
 * cmake's Makefile build prefixes each line with the share of the build done ("[ 45%] Building…").
 */
const stepPrefix = '==> ';
const percentPattern = /^\[\s*(\d{1,3})%\]/;

/** The step a line announces, without its marker; undefined for any other line. */
export function buildLineStep(line: string): string | undefined {
  return line.startsWith(stepPrefix) ? line.slice(stepPrefix.length) : undefined;
}

/** 0..1 from a cmake progress line; undefined for any other line. */
export function buildLineProgress(line: string): number | undefined {
  const percent = percentPattern.exec(line)?.[1];
  return percent === undefined ? undefined : Math.min(100, Number(percent)) / 100;
}
