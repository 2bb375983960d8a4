/**
 * Turns validation issues into lines a person can act on: where in the file (`sessions[3].segments[0]
 * .startMs`), what was expected and what was found. Zod's own messages name types in its terms and
 * say nothing about the value, so every issue the backup schema can raise is worded here.
 */

import type { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

const longestQuotedValue = 40;

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const quoted = JSON.stringify(value);
    return quoted.length > longestQuotedValue ? `${quoted.slice(0, longestQuotedValue - 1)}…"` : quoted;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  // Not reachable from JSON; named by type rather than printed.
  return `a ${typeof value}`;
}

const typeNouns: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

/** `expected <what>, got <value>`, or `missing (expected <what>)` when the field is absent. */
export function expected(what: string, value: unknown): string {
  return value === undefined ? `missing (expected ${what})` : `expected ${what}, got ${describeValue(value)}`;
}

/** An error option for a schema, so its message says what the field needs, not just its type. */
export function expecting(what: string): (issue: RawIssue) => string {
  return (issue) => expected(what, issue.input);
}

/** The error map for a whole parse: wording for issues the schema did not word itself. */
export function describeIssue(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return expected(typeNouns[issue.expected] ?? issue.expected, issue.input);
    case 'invalid_value':
      return expected(`one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`, issue.input);
    case 'too_small':
      if (issue.origin === 'string') return expected('a non-empty string', issue.input);
      return expected(
        `a number ${issue.inclusive === false ? '>' : '≥'} ${String(issue.minimum)}`,
        issue.input,
      );
    default:
      return undefined;
  }
}

/** `sessions[3].segments[0].startMs`; the document itself is `(document)`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) text += text === '' ? key : `.${key}`;
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text === '' ? '(document)' : text;
}

export function formatIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  return `${formatIssuePath(issue.path)}: ${issue.message}`;
}
