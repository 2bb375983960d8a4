/**
 * What is wrong with text that is not JSON, saying where and never quoting it. V8's own message
 * quotes the first characters of the text ("Unexpected token 'r', "root:x:0:0:"... is not valid
 * JSON"), which would put the start of any file a backup was mistaken for into an error that may be
 * shown, logged or sent back over the network.
 */

/** V8's "<what> in JSON at position N (line L column C)", where <what> names JSON grammar only. */
const positioned =
  /^([A-Za-z -]*(?:'[,:{}[\]]'[A-Za-z -]*)*) in JSON at position \d+ \(line (\d+) column (\d+)\)$/;

export function jsonSyntaxProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message === 'Unexpected end of JSON input') return 'not valid JSON: it ends too early';
  const found = positioned.exec(message);
  if (found === null) return 'not valid JSON';
  const [, what = '', line, column] = found;
  return `not valid JSON at line ${line}, column ${column}: ${what.charAt(0).toLowerCase()}${what.slice(1)}`;
}
