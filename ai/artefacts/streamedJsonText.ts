/**
 * The text of one string field of a JSON object that is still being written, as far as it has
 * come: an answer asked for as JSON (`{"answer": "…", "citations": […]}`) can then show while the
 * model writes it. Undefined until the field's string has begun.
 */
export function jsonStringSoFar(text: string, field: string): string | undefined {
  const start = new RegExp(`"${field}"\\s*:\\s*"`).exec(text);
  if (start === null) return undefined;
  let value = '';
  for (let index = start.index + start[0].length; index < text.length; index++) {
    const character = text[index];
    if (character === '"') return value;
    if (character !== '\\') {
      value += character;
      continue;
    }
    const escaped = text[index + 1];
    if (escaped === undefined) return value;
    if (escaped === 'u') {
      const hex = text.slice(index + 2, index + 6);
      // A \u escape not yet written in full waits for the rest.
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return value;
      value += String.fromCharCode(Number.parseInt(hex, 16));
      index += 5;
      continue;
    }
    value += escapes[escaped] ?? escaped;
    index++;
  }
  return value;
}

const escapes: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
